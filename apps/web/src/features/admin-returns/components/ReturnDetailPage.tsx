import {
  type AdminReturnDetail,
  RETURN_CHECK_LABELS,
  RETURN_CHECKS,
  type ReturnPhoto,
} from '@rebound/contract/returns';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { AdminDetailFrame } from '../../../components/admin/DetailFrame';
import { formatShopDateTime } from '../../../lib/format-date';
import { useAdminReturn } from '../api';
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

function ReturnDetail({ detail: r }: { detail: AdminReturnDetail }) {
  const shopperPhotos = r.photos.filter((p) => p.by === 'shopper');
  const deskPhotos = r.photos.filter((p) => p.by === 'staff');
  return (
    <>
      <AdminPageHeader
        title={`Return for order #${r.orderNumber}`}
        description={
          <>
            {r.productTitle} · <span className="font-mono">{r.sku}</span> · {r.locationName}
          </>
        }
        actions={<ReturnStateBadge state={r.state} label={r.stateLabel} />}
      />
      {/* On a phone the desk step comes right after what the shopper said, the history last. */}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem] xl:grid-rows-[auto_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <Section title="What the shopper said">
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <Fact label="Reason" value={r.reasonLabel} />
              <Fact label="Asked" value={formatShopDateTime(r.createdAt)} />
              <Fact label="Last day to bring it back" value={r.lastDayLabel} />
              <Fact label="Drop-off" value={r.dropOff ? r.dropOff.label : 'Not booked'} />
            </dl>
            <h3 className="mt-4 text-xs text-ink-600">Note</h3>
            <p className="text-sm whitespace-pre-line text-ink-900">
              {r.note ? r.note : <span className="text-ink-600">No note.</span>}
            </p>
            <Photos photos={shopperPhotos} who="shopper" />
          </Section>
          {r.receivedAt ? (
            <Section title="At the desk">
              <p className="text-sm text-ink-700">
                Received {formatShopDateTime(r.receivedAt)}
                {r.receivedBy ? ` by ${r.receivedBy}` : ''}
              </p>
              {r.checklist ? (
                <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Condition checklist">
                  {RETURN_CHECKS.map((c) => (
                    <li key={c} className={r.checklist?.[c] ? 'text-ink-900' : 'text-danger-700'}>
                      {r.checklist?.[c] ? '✓' : '✗'} {RETURN_CHECK_LABELS[c]}
                      <span className="sr-only">{r.checklist?.[c] ? ': yes' : ': no'}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {r.staffNote ? <p className="mt-2 text-sm text-ink-800">{r.staffNote}</p> : null}
              <Photos photos={deskPhotos} who="desk" />
            </Section>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col gap-6 xl:row-span-2">
          <Section title="Desk">
            <ReturnDeskStep detail={r} />
          </Section>
          <Section title="Order">
            <p className="text-sm text-ink-900">{r.productTitle}</p>
            <p className="mt-2 text-sm">
              <Link
                to={`/admin/orders/${r.orderId}`}
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                Open order #{r.orderNumber}
              </Link>
            </p>
          </Section>
          <Section title="Shopper">
            <p className="font-semibold text-ink-900">{r.shopper.name}</p>
            <p className="text-sm text-ink-700">
              {r.shopper.email} · @{r.shopper.handle}
            </p>
          </Section>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
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
      </div>
    </>
  );
}

function Photos({ photos, who }: { photos: ReturnPhoto[]; who: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={`Photos from the ${who}`}>
      {photos.map((p, i) => (
        <li key={p.id}>
          <a href={p.url} target="_blank" rel="noreferrer" className="block focus-visible:outline-2">
            <img
              src={p.url}
              alt={`${i + 1} of ${photos.length}, from the ${who}`}
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
