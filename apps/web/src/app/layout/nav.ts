export type NavItem = { label: string; to: string; external?: boolean };

/** The header's links (desktop bar and mobile menu). */
export const HEADER_LINKS: readonly NavItem[] = [
  { label: 'Shop', to: '/shop' },
  { label: 'About', to: '/about' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Contact', to: '/contact' },
];

export const FOOTER_EXPLORE: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Shop', to: '/shop' },
  { label: 'About', to: '/about' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Contact', to: '/contact' },
];

export const FOOTER_POLICIES: readonly NavItem[] = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Refund & Return Policy', to: '/refund-return-policy' },
];
