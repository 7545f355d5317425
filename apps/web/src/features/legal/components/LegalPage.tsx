import { ArrowUp, CalendarDays, ChevronDown, FileText } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Container } from '../../../components/ui/Container';
import { POLICIES_LAST_UPDATED, POLICIES_LAST_UPDATED_ISO } from '../../../lib/company';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { LegalSection } from '../types';
import { useActiveSection } from '../use-active-section';

type LegalPageProps = {
  /** The h1, and the document title before ' | Rebound'. */
  title: string;
  /** One or two sentences under the title: what this page is for. */
  intro: ReactNode;
  sections: readonly LegalSection[];
  /** Shown above the sections, e.g. the returns summary box. */
  summary?: ReactNode;
};

const TITLE_ID = 'legal-title';

const POLICY_PAGES = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/refund-return-policy', label: 'Refund & Return Policy' },
] as const;

/**
 * The frame of a policy page: title and date, a table of contents with in-page anchors (a sticky
 * column on wide screens, a collapsible box on phones) and the numbered sections, set for reading
 * (lines of at most ~70 characters).
 */
export function LegalPage({ title, intro, sections, summary }: LegalPageProps) {
  useDocumentTitle(title);
  const { pathname } = useLocation();
  useScrollToHashOnLoad();
  const activeId = useActiveSection(sections.map((section) => section.id));
  const railRef = useRef<HTMLElement>(null);
  useKeepActiveInView(railRef, activeId);

  return (
    <Container className="py-8 sm:py-12 lg:py-16">
      <div className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-x-14 xl:gap-x-20">
        <header className="max-w-[70ch] lg:col-start-2">
          <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Legal</p>
          <h1
            id={TITLE_ID}
            tabIndex={-1}
            className="mt-2 scroll-mt-24 text-3xl font-bold tracking-tight text-balance text-ink-950 focus:outline-none sm:text-4xl"
          >
            {title}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-pretty text-ink-700">{intro}</p>
          <p className="mt-4 inline-flex items-center gap-2 text-sm text-ink-600">
            <CalendarDays className="size-4 text-ink-500" aria-hidden="true" />
            <span>
              Last updated: <time dateTime={POLICIES_LAST_UPDATED_ISO}>{POLICIES_LAST_UPDATED}</time>
            </span>
          </p>
        </header>

        <aside className="hidden lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:block">
          <nav
            ref={railRef}
            aria-label="Table of contents"
            className="sticky top-24 max-h-[calc(100dvh-7.5rem)] overflow-y-auto overscroll-contain pr-1 pb-2"
          >
            <p className="text-xs font-semibold tracking-widest text-ink-600 uppercase">On this page</p>
            <TocList sections={sections} activeId={activeId} variant="rail" />
          </nav>
        </aside>

        <div className="min-w-0 lg:col-start-2">
          {summary ? <div className="mb-8 max-w-[70ch]">{summary}</div> : null}

          <details className="group mb-10 max-w-[70ch] rounded-card bg-white shadow-card ring-1 ring-ink-200/80 lg:hidden">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-card px-4 py-3 font-semibold text-ink-900 [&::-webkit-details-marker]:hidden">
              <span>
                On this page
                <span className="ml-2 text-sm font-normal text-ink-600">{sections.length} sections</span>
              </span>
              <ChevronDown
                className="size-5 shrink-0 text-ink-500 transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <nav aria-label="Table of contents" className="border-t border-ink-100 px-2 pt-2 pb-3">
              <TocList sections={sections} activeId={null} variant="box" />
            </nav>
          </details>

          <article aria-labelledby={TITLE_ID} className="max-w-[70ch]">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                className="scroll-mt-24 border-t border-ink-200 pt-8 pb-10 first:border-t-0 first:pt-0"
              >
                <h2 className="flex gap-3 text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
                  <span className="shrink-0 text-brand-700 tabular-nums">{index + 1}.</span>
                  <span>{section.title}</span>
                </h2>
                <Prose>{section.content}</Prose>
              </section>
            ))}
          </article>

          <footer className="flex max-w-[70ch] flex-col gap-4 rounded-card bg-ink-100/70 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
            <div>
              <h2 className="text-sm font-semibold text-ink-950">Related policies</h2>
              <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2 text-sm">
                {POLICY_PAGES.filter((policy) => policy.to !== pathname).map((policy) => (
                  <li key={policy.to}>
                    <Link
                      to={policy.to}
                      className="inline-flex items-center gap-1.5 rounded font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
                    >
                      <FileText className="size-4" aria-hidden="true" />
                      {policy.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
            <a
              href={`#${TITLE_ID}`}
              className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 transition-colors hover:bg-brand-50 hover:text-brand-800 sm:self-auto"
            >
              <ArrowUp className="size-4" aria-hidden="true" />
              Back to top
            </a>
          </footer>
        </div>
      </div>
    </Container>
  );
}

function TocList({
  sections,
  activeId,
  variant,
}: {
  sections: readonly LegalSection[];
  activeId: string | null;
  variant: 'rail' | 'box';
}) {
  return (
    <ol className={variant === 'rail' ? 'mt-3 border-l border-ink-200' : 'flex flex-col'}>
      {sections.map((section, index) => (
        <li key={section.id}>
          <a
            href={`#${section.id}`}
            aria-current={section.id === activeId ? 'location' : undefined}
            className={
              variant === 'rail'
                ? '-ml-px flex gap-2 border-l-2 border-transparent py-1.5 pr-2 pl-3 text-sm leading-snug text-ink-600 transition-colors hover:border-ink-300 hover:text-ink-950 aria-[current=location]:border-brand-600 aria-[current=location]:font-semibold aria-[current=location]:text-brand-800'
                : 'flex min-h-11 items-center gap-3 rounded-lg px-2 py-2 text-[0.9375rem] leading-snug text-ink-800 transition-colors hover:bg-ink-50 hover:text-ink-950'
            }
          >
            <span className="w-5 shrink-0 text-right text-ink-600 tabular-nums">{index + 1}.</span>
            <span>{section.title}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

/** Body text of a section: comfortable measure and spacing for paragraphs, lists and sub-headings. */
function Prose({ children }: { children: ReactNode }) {
  return (
    <div
      className={[
        'text-base leading-7 text-ink-800',
        '[&_p]:mt-4 [&_ul]:mt-4 [&_ol]:mt-4',
        '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
        '[&_li]:pl-1 [&_li]:marker:text-ink-400',
        '[&_h3]:mt-7 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-ink-950',
        '[&_strong]:font-semibold [&_strong]:text-ink-950',
        '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800',
      ].join(' ')}
    >
      {children}
    </div>
  );
}

/**
 * The page arrives after the router has handled the address, so a link to a section
 * (/terms-of-service#payment) is followed here once the sections exist.
 */
function useScrollToHashOnLoad() {
  const { hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on the first render; later hash changes are the browser's.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, []);
}

/** When the contents column is taller than the screen, it scrolls itself to keep 'you are here' in sight. */
function useKeepActiveInView(railRef: RefObject<HTMLElement | null>, activeId: string | null) {
  useEffect(() => {
    const rail = railRef.current;
    if (!rail || !activeId || rail.scrollHeight <= rail.clientHeight) return;
    const link = rail.querySelector<HTMLElement>(`a[href="#${CSS.escape(activeId)}"]`);
    if (!link) return;
    const margin = 48;
    const top = link.getBoundingClientRect().top - rail.getBoundingClientRect().top + rail.scrollTop;
    if (top < rail.scrollTop + margin) rail.scrollTop = Math.max(0, top - margin);
    else if (top + link.offsetHeight > rail.scrollTop + rail.clientHeight - margin) {
      rail.scrollTop = top + link.offsetHeight - rail.clientHeight + margin;
    }
  }, [railRef, activeId]);
}
