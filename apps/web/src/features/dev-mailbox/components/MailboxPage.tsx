import type { DevMessage } from '@rebound/contract/auth';
import { formatShopDateTime } from '@rebound/core/shop-clock';
import { clsx } from 'clsx';
import { Bell, Inbox, Mail, MessageSquareText, RotateCw, Search } from 'lucide-react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Container } from '../../../components/ui/Container';
import { inputClasses } from '../../../components/ui/Field';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { useDevMessages } from '../api';

const CHANNEL = {
  email: { label: 'Email', icon: Mail },
  sms: { label: 'Text', icon: MessageSquareText },
  push: { label: 'Push', icon: Bell },
} as const;

type Filter = 'all' | DevMessage['channel'];

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Links in the messages carry the server's public address. On a laptop that is another port than
 * the page's (the Vite dev server forwards /api), so loopback links are opened on this origin, where
 * the session cookie they set is the one this browser uses.
 */
export function localHref(link: string): string {
  try {
    const url = new URL(link);
    if (!LOOPBACK.has(url.hostname)) return link;
    return `${window.location.origin}${url.pathname}${url.search}${url.hash}`;
  } catch {
    return link;
  }
}

const LINK = /(https?:\/\/[^\s"'<>]+)/g;

/** The plain-text body with its links clickable. */
function BodyText({ body }: { body: string }) {
  const parts = body.split(LINK);
  return (
    <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-ink-800">
      {parts.map(
        (part, index): ReactNode =>
          index % 2 === 1 ? (
            <a
              key={index}
              href={localHref(part)}
              className="font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {part}
            </a>
          ) : (
            part
          ),
      )}
    </p>
  );
}

/** Links in the email open in a new tab, out of the sandboxed frame. */
function framedHtml(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head([^>]*)>/i, `<head$1>${base}`) : `${base}${html}`;
}

function HeaderList({ headers }: { headers: Record<string, string> }) {
  const names = Object.keys(headers);
  if (names.length === 0) return null;
  return (
    <details className="mt-3 rounded-xl bg-white px-3.5 py-2.5 text-sm ring-1 ring-ink-200 ring-inset">
      <summary className="cursor-pointer font-semibold text-ink-800">Headers ({names.length})</summary>
      <dl className="mt-2 flex flex-col gap-1.5">
        {names.map((name) => (
          <div key={name} className="min-w-0">
            <dt className="inline font-mono text-xs font-semibold text-ink-700">{name}: </dt>
            <dd className="inline font-mono text-xs break-all text-ink-800">{headers[name]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** An email's HTML part in a sandboxed frame (no scripts, no access to this page), or its plain text. */
function EmailBody({ message }: { message: DevMessage }) {
  // Plain text first: its links are this page's own, so they can be followed right here.
  const [view, setView] = useState<'html' | 'text'>('text');
  return (
    <div className="mt-2">
      {message.html ? (
        <fieldset className="mb-2 inline-flex gap-1 rounded-lg bg-ink-100 p-1">
          <legend className="sr-only">Show the email as</legend>
          {(['text', 'html'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              onClick={() => setView(value)}
              className="h-8 rounded-md px-3 text-xs font-semibold text-ink-600 hover:text-ink-900 aria-pressed:bg-white aria-pressed:text-ink-950 aria-pressed:shadow-card"
            >
              {value === 'html' ? 'HTML' : 'Plain text'}
            </button>
          ))}
        </fieldset>
      ) : null}
      {view === 'html' && message.html ? (
        <iframe
          title={`Email: ${message.subject ?? 'no subject'}`}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={framedHtml(message.html)}
          className="h-[32rem] w-full rounded-xl bg-white ring-1 ring-ink-200"
        />
      ) : (
        <div className="rounded-xl bg-ink-50 px-3.5 py-3 ring-1 ring-ink-100 ring-inset">
          <BodyText body={message.body} />
        </div>
      )}
    </div>
  );
}

/** A browser notification as a device would show it: title, text, and the page a click opens. */
function PushBody({ message }: { message: DevMessage }) {
  const url = message.headers.url ?? message.links.at(-1) ?? null;
  const text = url ? message.body.replace(url, '').trim() : message.body;
  return (
    <div className="mt-2 flex gap-3 rounded-xl bg-ink-50 px-3.5 py-3 ring-1 ring-ink-100 ring-inset">
      <Bell className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0">
        <p className="text-sm font-bold text-ink-950">{message.subject ?? 'Rebound'}</p>
        <p className="mt-0.5 text-sm text-ink-800">{text}</p>
        {url ? (
          <p className="mt-1.5 text-xs text-ink-600">
            Opens{' '}
            <a
              href={localHref(url)}
              className="font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {url}
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}

function MessageCard({ message }: { message: DevMessage }) {
  const channel = CHANNEL[message.channel];
  const Icon = channel.icon;
  return (
    <li>
      <article
        aria-label={`${channel.label} to ${message.recipient}`}
        className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-200/80 sm:p-5"
      >
        <header className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
          <div className="flex items-center justify-between gap-3 sm:contents">
            <Badge tone={message.channel === 'email' ? 'brand' : 'accent'}>
              <Icon aria-hidden="true" />
              {channel.label}
            </Badge>
            <time dateTime={message.createdAt} className="text-xs text-ink-600 tabular-nums sm:order-last">
              {formatShopDateTime(new Date(message.createdAt))}
            </time>
          </div>
          <p className="min-w-0 text-sm break-all sm:flex-1">
            <span className="text-ink-600">To </span>
            <span className="font-semibold text-ink-950">{message.recipient}</span>
          </p>
        </header>
        {message.channel === 'push' ? (
          <PushBody message={message} />
        ) : (
          <>
            {message.subject ? (
              <h2 className="mt-3 text-base font-bold tracking-tight text-ink-950">{message.subject}</h2>
            ) : null}
            {message.channel === 'email' ? (
              <EmailBody message={message} />
            ) : (
              <div className="mt-2 rounded-xl bg-ink-50 px-3.5 py-3 ring-1 ring-ink-100 ring-inset">
                <BodyText body={message.body} />
              </div>
            )}
          </>
        )}
        <HeaderList headers={message.headers} />
      </article>
    </li>
  );
}

/**
 * /dev/mailbox: the emails, texts and pushes the local stand-ins "sent", newest first, so that every
 * flow (confirmation, password reset, sign-in codes, notifications) can be followed on one machine.
 */
export default function MailboxPage({ query }: { query: ReturnType<typeof useDevMessages> }) {
  useDocumentTitle('Development mailbox');
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const needle = useDeferredValue(search.trim().toLowerCase());

  const shown = (query.data ?? []).filter(
    (m) =>
      (filter === 'all' || m.channel === filter) && (!needle || m.recipient.toLowerCase().includes(needle)),
  );

  let list: ReactNode;
  if (query.isPending) {
    list = (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-36 w-full rounded-card" />
        <Skeleton className="h-36 w-full rounded-card" />
      </div>
    );
  } else if (query.isError) {
    list = (
      <ErrorState
        title="Error loading messages"
        message={errorMessageOf(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (shown.length === 0) {
    list = (
      <EmptyState>
        {query.data.length === 0
          ? 'Nothing sent yet. Sign up or ask for a code, then look here.'
          : 'No messages match.'}
      </EmptyState>
    );
  } else {
    list = (
      <ul className="flex flex-col gap-3" aria-label="Messages, newest first">
        {shown.map((message) => (
          <MessageCard key={message.id} message={message} />
        ))}
      </ul>
    );
  }

  return (
    <Container className="max-w-3xl py-8 sm:py-12">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="inline-flex items-center gap-1.5 text-sm font-semibold tracking-widest text-accent-700 uppercase">
            <Inbox className="size-4" aria-hidden="true" />
            Development only
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink-950">Mailbox</h1>
          <p className="mt-2 text-sm text-ink-600">
            Emails, text messages and browser pushes the local stand-ins would have sent. Nothing here left
            this machine.
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void query.refetch()}
          loading={query.isFetching && !query.isPending}
          className="mt-7"
        >
          <RotateCw aria-hidden="true" />
          Refresh
        </Button>
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative sm:flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-500"
            aria-hidden="true"
          />
          <input
            type="search"
            aria-label="Filter by recipient"
            placeholder="Filter by recipient"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={clsx(inputClasses, 'pl-10')}
          />
        </div>
        <fieldset className="flex gap-1 rounded-xl bg-ink-100 p-1">
          <legend className="sr-only">Channel</legend>
          {(['all', 'email', 'sms', 'push'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className="h-9 flex-1 rounded-lg px-3 text-sm font-semibold text-ink-600 transition-colors hover:text-ink-900 aria-pressed:bg-white aria-pressed:text-ink-950 aria-pressed:shadow-card"
            >
              {value === 'all' ? 'All' : CHANNEL[value].label}
            </button>
          ))}
        </fieldset>
      </div>

      <div className="mt-6">{list}</div>
    </Container>
  );
}
