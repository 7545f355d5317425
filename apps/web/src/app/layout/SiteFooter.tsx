import { RETURN_WINDOW_DAYS } from '@rebound/core/windows';
import { Facebook, Instagram, type LucideIcon, Youtube } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../../components/ui/Container';
import { Logo } from '../../components/ui/Logo';
import { DropSignupForm } from '../../features/newsletter/components/DropSignupForm';
import { SOCIAL_LINKS, TAGLINE } from '../../lib/site';
import { FOOTER_EXPLORE, FOOTER_POLICIES, type NavItem } from './nav';

const SOCIAL_ICONS: Record<(typeof SOCIAL_LINKS)[number]['name'], LucideIcon> = {
  Instagram,
  Facebook,
  YouTube: Youtube,
};

function LinkColumn({ title, items }: { title: string; items: readonly NavItem[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="rounded text-sm text-ink-300 transition-colors hover:text-white">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-ink-950 text-ink-300 [&_:focus-visible]:outline-brand-300">
      <Container className="grid grid-cols-1 gap-12 py-14 sm:py-16 lg:grid-cols-12 lg:gap-8">
        <div className="lg:col-span-4">
          <Logo inverse />
          <p className="mt-4 text-base font-semibold text-white">{TAGLINE}</p>
          <p className="mt-2 max-w-sm text-sm leading-relaxed">
            Online auctions for inspected returns and overstock from major retailers. Win it, then pick it up
            at our warehouse in British Columbia.
          </p>
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Social media">
            {SOCIAL_LINKS.map((social) => {
              const Icon = SOCIAL_ICONS[social.name];
              return (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-2 rounded-lg bg-white/5 px-3 py-2 text-sm text-ink-200 ring-1 ring-white/10 transition-colors hover:bg-white/10 hover:text-white"
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {social.name}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>

        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 lg:col-span-4">
          <LinkColumn title="Explore" items={FOOTER_EXPLORE} />
          <LinkColumn title="Policies" items={FOOTER_POLICIES} />
        </nav>

        <div className="lg:col-span-4">
          <h2 className="text-lg font-bold text-white">Get the Drop First</h2>
          <p className="mt-2 mb-5 text-sm leading-relaxed">
            Be first to hear when new auctions go live, with early access to the best finds.
          </p>
          <DropSignupForm />
        </div>
      </Container>

      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-2 py-6 text-xs text-ink-400 sm:flex-row sm:items-center sm:justify-between">
          <p>© {year} Rebound. All prices in Canadian dollars.</p>
          <p>
            Pickup only in British Columbia · {RETURN_WINDOW_DAYS}-day free returns
            {import.meta.env.DEV ? (
              <>
                {' · '}
                <Link
                  to="/dev/mailbox"
                  className="rounded underline-offset-2 hover:text-white hover:underline"
                >
                  Dev mailbox
                </Link>
              </>
            ) : null}
          </p>
        </Container>
      </div>
    </footer>
  );
}
