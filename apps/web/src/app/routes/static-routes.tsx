import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Container } from '../../components/ui/Container';
import { Skeleton } from '../../components/ui/Skeleton';

// The static pages: policies (features/legal), company pages (features/company) and the FAQ
// (features/help). Each page is its own chunk, loaded when first visited; the router spreads this
// list into the root layout.

const PrivacyPolicyPage = lazy(() => import('../../features/legal/components/PrivacyPolicyPage'));
const TermsOfServicePage = lazy(() => import('../../features/legal/components/TermsOfServicePage'));
const RefundReturnPolicyPage = lazy(() => import('../../features/legal/components/RefundReturnPolicyPage'));
const AboutPage = lazy(() => import('../../features/company/components/AboutPage'));
const ContactPage = lazy(() => import('../../features/company/components/ContactPage'));
const FaqPage = lazy(() => import('../../features/help/components/FaqPage'));

type Layout = 'policy' | 'company';

/**
 * While a page's code loads: its title and first lines, where they will be (policy pages set their
 * text beside a table of contents on wide screens).
 */
function StaticPageSkeleton({ layout }: { layout: Layout }) {
  return (
    <Container className="py-8 sm:py-12 lg:py-16" aria-busy="true">
      <span className="sr-only" role="status">
        Loading...
      </span>
      <div
        className={
          layout === 'policy'
            ? 'mx-auto max-w-5xl lg:pl-[calc(15rem+3.5rem)] xl:pl-[calc(15rem+5rem)]'
            : undefined
        }
      >
        <Skeleton className="h-4 w-20" />
        <Skeleton className="mt-3 h-10 w-72 max-w-full" />
        <Skeleton className="mt-5 h-5 w-full max-w-[60ch]" />
        <Skeleton className="mt-2 h-5 w-4/5 max-w-[50ch]" />
      </div>
    </Container>
  );
}

function page(Page: LazyExoticComponent<ComponentType>, layout: Layout): RouteObject['element'] {
  return (
    <Suspense fallback={<StaticPageSkeleton layout={layout} />}>
      <Page />
    </Suspense>
  );
}

export const staticRoutes: RouteObject[] = [
  { path: 'privacy-policy', element: page(PrivacyPolicyPage, 'policy') },
  { path: 'terms-of-service', element: page(TermsOfServicePage, 'policy') },
  { path: 'refund-return-policy', element: page(RefundReturnPolicyPage, 'policy') },
  { path: 'about', element: page(AboutPage, 'company') },
  { path: 'contact', element: page(ContactPage, 'company') },
  { path: 'faq', element: page(FaqPage, 'company') },
];
