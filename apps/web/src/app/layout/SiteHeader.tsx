import { ExternalLink, Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Container } from '../../components/ui/Container';
import { Logo } from '../../components/ui/Logo';
import { HeaderAccount } from './HeaderAccount';
import { HEADER_LINKS } from './nav';

// The dialogs (and Radix's dialog code) load when first opened, not with every page (decision 037).
const MobileMenu = lazy(async () => ({ default: (await import('./MobileMenu')).MobileMenu }));
const HowItWorksDialog = lazy(async () => ({
  default: (await import('./HowItWorksDialog')).HowItWorksDialog,
}));

/** True from the first time `open` is true: the dialog then stays mounted (and animates closed). */
function useOpenedOnce(open: boolean): boolean {
  const opened = useRef(false);
  if (open) opened.current = true;
  return opened.current;
}

const linkClass =
  'inline-flex h-9 items-center gap-1 rounded-lg px-3 text-sm font-medium text-ink-700 transition-colors hover:bg-ink-100 hover:text-ink-950 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [howOpen, setHowOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Set when How it Works is opened from the mobile menu, which closes on the way.
  const fromMenu = useRef(false);
  const menuMounted = useOpenedOnce(menuOpen);
  const howMounted = useOpenedOnce(howOpen);

  // The menu closes first; How it Works opens once the menu has gone (never two dialogs at once).
  function openHowItWorksFromMenu() {
    fromMenu.current = true;
    setMenuOpen(false);
  }

  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/70 bg-white/95 backdrop-blur-md supports-[backdrop-filter]:bg-white/85">
      <Container className="flex h-16 items-center gap-4">
        <Link to="/" aria-label="Rebound home" className="-m-1 rounded-lg p-1">
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {HEADER_LINKS.map((item) => (
              <li key={item.label}>
                {item.external ? (
                  <a href={item.to} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    {item.label}
                    <ExternalLink className="size-3.5 text-ink-500" aria-hidden="true" />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <NavLink to={item.to} className={linkClass}>
                    {item.label}
                  </NavLink>
                )}
              </li>
            ))}
            <li>
              <button type="button" className={linkClass} onClick={() => setHowOpen(true)}>
                How it Works
              </button>
            </li>
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <HeaderAccount />
          <button
            ref={menuButton}
            type="button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            className="inline-flex size-10 items-center justify-center rounded-lg text-ink-800 transition-colors hover:bg-ink-100 md:hidden"
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
        </div>
      </Container>

      {menuMounted ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            onHowItWorks={openHowItWorksFromMenu}
            onCloseAutoFocus={(event) => {
              if (!fromMenu.current) return;
              event.preventDefault();
              setHowOpen(true);
            }}
          />
        </Suspense>
      ) : null}
      {howMounted ? (
        <Suspense fallback={null}>
          <HowItWorksDialog
            open={howOpen}
            onOpenChange={setHowOpen}
            onCloseAutoFocus={(event) => {
              if (!fromMenu.current) return;
              fromMenu.current = false;
              event.preventDefault();
              menuButton.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
