import { clsx } from 'clsx';
import { ExternalLink, Lock, Menu, X } from 'lucide-react';
import { Suspense, useEffect, useId, useState } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { LogoMark } from '../../components/ui/Logo';
import { Skeleton } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/StatusMessage';
import { SignOutButton } from '../../features/session/components/SignOutButton';
import { errorMessageOf } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { loadToasts } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRealtimeSession } from '../use-realtime-session';
import { MessagesBadge } from './MessagesBadge';
import { ADMIN_SECTIONS, type AdminSection, adminPath } from './sections';

/**
 * /admin/*: the staff back-office, loaded on demand (its own chunks; shoppers never download it).
 * Visitors go to /auth and come back here after signing in; signed-in shoppers and suspended staff see 'Staff only'. The server refuses
 * them on every /api/admin route anyway; this only spares them a broken page.
 */
export default function AdminApp() {
  useRealtimeSession();
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <ShellSkeleton />;
  if (session.isError) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <ErrorState
          title="We could not check your sign-in"
          message={errorMessageOf(session.error)}
          onRetry={() => void session.refetch()}
        />
      </div>
    );
  }
  // Back here once signed in (AuthRoute checks the path stays on this site).
  if (!session.user) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?next=${encodeURIComponent(next)}`} replace />;
  }
  if (session.user.role !== 'staff' || session.user.status !== 'active') {
    return <StaffOnly suspended={session.user.role === 'staff'} />;
  }
  return <AdminShell email={session.user.email} />;
}

function AdminShell({ email }: { email: string }) {
  const [navOpen, setNavOpen] = useState(false);
  const location = useLocation();
  const navId = useId();
  // A tap on a section closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => setNavOpen(false), [location.pathname]);
  // The back-office's forms toast through sonner directly: its Toaster is there from the start.
  useEffect(() => void loadToasts(), []);

  return (
    <div className="min-h-dvh bg-canvas lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <a
        href="#admin-main"
        className="sr-only z-[60] rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow-lift focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 flex h-14 items-center gap-3 border-b border-ink-200 bg-white px-4 lg:hidden">
        <button
          type="button"
          className="-ml-2 inline-flex size-10 items-center justify-center rounded-lg text-ink-800 hover:bg-ink-100"
          aria-expanded={navOpen}
          aria-controls={navId}
          onClick={() => setNavOpen((open) => !open)}
        >
          {navOpen ? (
            <X className="size-5" aria-hidden="true" />
          ) : (
            <Menu className="size-5" aria-hidden="true" />
          )}
          <span className="sr-only">{navOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <ShellTitle />
      </header>

      <aside
        id={navId}
        className={clsx(
          'border-ink-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:border-r',
          navOpen ? 'block border-b' : 'hidden',
        )}
      >
        <div className="hidden h-16 items-center px-5 lg:flex">
          <ShellTitle />
        </div>
        <nav aria-label="Back-office" className="px-3 py-3 lg:flex-1 lg:overflow-y-auto lg:py-2">
          <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-1">
            {ADMIN_SECTIONS.map((section) => (
              <li key={section.path}>
                <NavLink
                  to={adminPath(section)}
                  end={section.path === ''}
                  className={({ isActive }) =>
                    clsx(
                      'flex h-10 items-center gap-2.5 rounded-lg px-3 text-sm font-medium transition-colors',
                      isActive
                        ? 'bg-brand-50 text-brand-800'
                        : 'text-ink-700 hover:bg-ink-100 hover:text-ink-950',
                    )
                  }
                >
                  <section.icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="truncate">{section.label}</span>
                  {section.path === 'messages' ? <MessagesBadge /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-2 border-t border-ink-200 px-4 py-3">
          <p className="w-full truncate text-xs text-ink-600" title={email}>
            Signed in as <span className="font-medium text-ink-800">{email}</span>
          </p>
          <Link
            to="/"
            className="inline-flex h-9 items-center gap-1 rounded-lg px-2 text-sm font-medium text-ink-700 hover:bg-ink-100"
          >
            View shop
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
          <SignOutButton />
        </div>
      </aside>

      <main
        id="admin-main"
        tabIndex={-1}
        className="min-w-0 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
      >
        <Routes>
          {ADMIN_SECTIONS.map((section) =>
            section.path === '' ? (
              <Route key="index" index element={<SectionPage section={section} />} />
            ) : (
              <Route
                key={section.path}
                path={`${section.path}/*`}
                element={<SectionPage section={section} />}
              />
            ),
          )}
          <Route path="*" element={<AdminNotFound />} />
        </Routes>
      </main>
    </div>
  );
}

function SectionPage({ section }: { section: AdminSection }) {
  const Page = section.page;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  );
}

function ShellTitle() {
  return (
    <Link to="/admin" className="inline-flex items-center gap-2 rounded-lg font-bold text-ink-950">
      <LogoMark className="size-7" />
      <span>
        Rebound <span className="font-medium text-ink-600">back-office</span>
      </span>
    </Link>
  );
}

function AdminNotFound() {
  useDocumentTitle('Not found · Back-office');
  return (
    <div className="rounded-card border border-ink-200 bg-white px-6 py-12 text-center">
      <h1 className="text-xl font-bold text-ink-950">There is no such back-office page</h1>
      <p className="mt-2 text-sm text-ink-700">Pick a section from the menu.</p>
    </div>
  );
}

function StaffOnly({ suspended }: { suspended: boolean }) {
  useDocumentTitle('Staff only');
  return (
    <main id="admin-main" className="flex min-h-dvh items-center justify-center bg-canvas px-4">
      <div className="max-w-md rounded-card border border-ink-200 bg-white px-6 py-10 text-center shadow-card">
        <Lock className="mx-auto size-8 text-ink-500" aria-hidden="true" />
        <h1 className="mt-3 text-xl font-bold text-ink-950">Staff only</h1>
        <p className="mt-2 text-sm text-ink-700">
          {suspended
            ? 'This staff account is suspended. Ask another staff member to restore it.'
            : 'This part of Rebound is for the store’s staff. Your account is a shopper account.'}
        </p>
        <ButtonLink to="/" className="mt-6">
          Back to the shop
        </ButtonLink>
      </div>
    </main>
  );
}

function PageSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        Loading...
      </span>
      <Skeleton className="h-8 w-56" />
      <Skeleton className="mt-3 h-4 w-80 max-w-full" />
      <Skeleton className="mt-8 h-72 w-full rounded-card" />
    </div>
  );
}

function ShellSkeleton() {
  return (
    <div className="min-h-dvh bg-canvas p-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading...
      </span>
      <Skeleton className="h-8 w-56" />
      <Skeleton className="mt-8 h-72 w-full rounded-card" />
    </div>
  );
}
