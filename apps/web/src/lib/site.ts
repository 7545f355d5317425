// Site-wide constants shown in several places (header, footer, titles).
export const BRAND = 'Rebound';
export const TAGLINE = 'Returns, Reimagined.';

/** Social profiles linked from the footer. */
export const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/rebound.example' },
  { name: 'Facebook', href: 'https://www.facebook.com/rebound.example' },
  { name: 'YouTube', href: 'https://www.youtube.com/@rebound.example' },
] as const;
