import { formatCents } from '@rebound/core/money';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { AdminDetailFrame } from '../../../components/admin/DetailFrame';
import { formatDateKey, formatShopDateTime } from '../../../lib/format-date';
import { useAdminReturn } from '../api';
import { type AdminReturnDetail, CHECK_LABEL, REASON_LABEL } from '../terms';
import { ReturnDeskStep } from './ReturnDeskStep';
import { ReturnStateBadge } from './ReturnStateBadge';

export function ReturnDetailPage() {
  const { id = '' } = useParams();
  const query = useAdminReturn(id);
  return (
    <AdminDetailFrame
      query={query}
      back={{ to: '/admin/returns', label: 'All returns' }}
      what="return"
      notFound={{ title: 'Return not found', message: 'It may have been withdrawn. Go back to the list.' }}
    >
      {(detail) => <ReturnDetail detail={detail} />}
    </AdminDetailFrame>
  );
}

function ReturnDetail({ detail }: { detail: AdminReturnDetail }) {
  const r = detail.return;
  const o = detail.order;
  return (
    <>
      <AdminPageHeader
        title={`Return for order #${o.number}`}
        description={
          <>
            {o.productTitle} · <span className="font-mono">{o.sku}</span>
          </>
        }
        actions={<ReturnStateBadge state={r.state} label={r.stateLabel} />}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Section title="What the shopper said">
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <Fact label="Reason" value={REASON_LABEL[r.reason]} />
              <Fact label="Asked" value={formatShopDateTime(r.createdAt)} />
              <Fact label="Return by" value={formatShopDateTime(r.deadline)} />
              <Fact
                label="Drop-off"
                value={r.dropOff ? `${formatDateKey(r.dropOff.date)}, ${r.dropOff.timeLabel}` : 'Not booked'}
              />
            </dl>
            <p className="mt-3 text-sm whitespace-pre-line text-ink-800">
              {r.note ? r.note : <span className="text-ink-600">No note.</span>}
            </p>
            <Photos photos={r.photos} who="shopper" />
          </Section>
          {r.receipt ? (
            <Section title="At the desk">
              <p className="text-sm text-ink-700">
                Received {formatShopDateTime(r.receipt.at)}
                {r.receipt.by ? ` by ${r.receipt.by}` : ''}
              </p>
              <ul className="mt-2 flex flex-col gap-1 text-sm">
                {r.receipt.checks.length === 0 ? (
                  <li className="text-ink-700">No condition box was ticked.</li>
                ) : (
                  r.receipt.checks.map((c) => (
                    <li key={c} className="text-ink-900">
                      ✓ {CHECK_LABEL[c]}
                    </li>
                  ))
                )}
              </ul>
              {r.receipt.note ? <p className="mt-2 text-sm text-ink-800">{r.receipt.note}</p> : null}
              <Photos photos={r.receipt.photos} who="desk" />
            </Section>
          ) : null}
          <Section title="History">
            <ol className="flex flex-col gap-3 border-l border-ink-200 pl-4">
              {r.history.map((h, i) => (
                <li key={`${h.at}-${i}`}>
                  <p className="text-sm font-semibold text-ink-900">{h.label}</p>
                  <p className="text-xs text-ink-600">
                    <time dateTime={h.at}>{formatShopDateTime(h.at)}</time>
                  </p>
                  {h.detail ? <p className="text-sm text-ink-700">{h.detail}</p> : null}
                </li>
              ))}
            </ol>
          </Section>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Section title="Desk">
            <ReturnDeskStep detail={detail} />
          </Section>
          <Section title="Order">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
              <Fact label="Winning bid" value={formatCents(o.finalAmountCents)} />
              <Fact label="Total paid" value={o.totalCents === null ? '—' : formatCents(o.totalCents)} />
            </dl>
            <p className="mt-3 text-sm">
              <Link
                to={`/admin/orders/${o.id}`}
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                Open order #{o.number}
              </Link>
            </p>
          </Section>
          <Section title="Shopper">
            <p className="text-sm text-ink-900">{detail.shopper.email}</p>
            <p className="text-sm text-ink-700">@{detail.shopper.handle}</p>
          </Section>
        </div>
      </div>
    </>
  );
}

function Photos({ photos, who }: { photos: { url: string }[]; who: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={`Photos from the ${who}`}>
      {photos.map((p, i) => (
        <li key={p.url}>
          <a href={p.url} target="_blank" rel="noreferrer" className="block focus-visible:outline-2">
            <img
              src={p.url}
              alt={`Photo ${i + 1} from the ${who}`}
              className="aspect-square w-full rounded-lg object-cover ring-1 ring-ink-200"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-ink-200 bg-white p-4 sm:p-5" aria-label={title}>
      <h2 className="mb-3 text-base font-bold text-ink-950">{title}</h2>
      {children}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-ink-600">{label}</dt>
      <dd className="text-ink-900">{value}</dd>
    </div>
  );
}
