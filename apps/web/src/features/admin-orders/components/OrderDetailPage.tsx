import {
  type AdminOrderDetail,
  RemoveStrikeRequest,
  type TimelineEvent,
} from '@rebound/contract/admin-orders';
import { formatCents } from '@rebound/core/money';
import { clsx } from 'clsx';
import {
  Ban,
  CalendarCheck,
  CircleDollarSign,
  Clock,
  Flag,
  FlagOff,
  Gavel,
  PackageCheck,
  RotateCcw,
  Truck,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { AdminDetailFrame } from '../../../components/admin/DetailFrame';
import { ReasonDialog } from '../../../components/admin/form';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { formatDateKey, formatShopDateTime } from '../../../lib/format-date';
import { useAdminOrder, useRemoveStrike } from '../api';
import { RefundPanel } from './RefundPanel';
import { OrderStatusBadge } from './status';

/** A section another area adds beside an order (its title and content), or nothing. */
export type OrderExtra = (order: AdminOrderDetail['order']) => { title: string; content: ReactNode } | null;

export function OrderDetailPage({ extra }: { extra?: OrderExtra } = {}) {
  const { id = '' } = useParams();
  const query = useAdminOrder(id);
  return (
    <AdminDetailFrame
      query={query}
      back={{ to: '/admin/orders', label: 'All orders' }}
      what="order"
      notFound={{ title: 'Order not found', message: 'Check the order number and search again.' }}
    >
      {(detail) => <OrderDetail detail={detail} extra={extra?.(detail.order) ?? null} />}
    </AdminDetailFrame>
  );
}

function OrderDetail({
  detail,
  extra,
}: {
  detail: AdminOrderDetail;
  extra: { title: string; content: ReactNode } | null;
}) {
  const o = detail.order;
  return (
    <>
      <AdminPageHeader
        title={`Order #${o.number}`}
        description={
          <>
            {o.product.title} · <span className="font-mono">{o.product.sku}</span> · {o.locationName}
          </>
        }
        actions={<OrderStatusBadge status={o.status} label={o.statusLabel} />}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Section title="Amounts">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
              <Fact label="Winning bid" value={formatCents(o.finalAmountCents)} />
              <Fact
                label="Buyer’s premium"
                value={o.premiumCents === null ? '—' : formatCents(o.premiumCents)}
              />
              <Fact label="PST" value={o.pstCents === null ? '—' : formatCents(o.pstCents)} />
              <Fact label="GST" value={o.gstCents === null ? '—' : formatCents(o.gstCents)} />
              <Fact
                label="Total paid"
                value={o.totalCents === null ? 'Not paid' : formatCents(o.totalCents)}
                strong
              />
              <Fact label="Refunded" value={formatCents(detail.refundedCents)} />
            </dl>
          </Section>
          <Section title="History">
            <Timeline events={detail.timeline} />
          </Section>
          <Section title="Payments">
            {detail.payments.length === 0 ? (
              <p className="text-sm text-ink-700">
                No payment yet.{' '}
                {o.status === 'pending' ? `Payment is due by ${formatShopDateTime(o.paymentDueAt)}.` : null}
              </p>
            ) : (
              <ul className="flex flex-col gap-3">
                {detail.payments.map((p) => (
                  <li key={p.id} className="rounded-xl border border-ink-200 p-3 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="font-semibold text-ink-900">
                        {formatCents(p.totalCents)}{' '}
                        <span className="font-normal text-ink-700">
                          {p.provider === 'stripe' ? 'by card (Stripe)' : 'test checkout'} on{' '}
                          {formatShopDateTime(p.paidAt)}
                        </span>
                      </p>
                      <Badge tone={p.status === 'refunded' ? 'accent' : 'brand'}>
                        {p.status === 'refunded' ? 'Refunded' : 'Paid'}
                      </Badge>
                    </div>
                    <p className="mt-1 text-ink-700">
                      {p.orderCount > 1 ? `One checkout for ${p.orderCount} orders. ` : null}
                      Refunded so far: {formatCents(p.refundedCents)}
                      {p.providerPaymentId ? (
                        <>
                          {' '}
                          · <span className="font-mono text-xs">{p.providerPaymentId}</span>
                        </>
                      ) : null}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {detail.refunds.length > 0 ? (
              <>
                <h3 className="mt-5 mb-2 text-sm font-semibold text-ink-900">Refunds</h3>
                <ul className="flex flex-col gap-2">
                  {detail.refunds.map((r) => (
                    <li key={r.id} className="rounded-xl bg-ink-50 p-3 text-sm">
                      <p className="font-semibold text-ink-900">
                        {formatCents(r.amountCents)}{' '}
                        <span className="font-normal text-ink-700">on {formatShopDateTime(r.createdAt)}</span>
                        {r.pending ? (
                          <Badge tone="gold" className="ml-2">
                            Awaiting the provider
                          </Badge>
                        ) : null}
                      </p>
                      <p className="mt-0.5 text-ink-700">
                        {r.reason}
                        {r.createdBy ? ` — ${r.createdBy}` : ''}
                      </p>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </Section>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {extra ? <Section title={extra.title}>{extra.content}</Section> : null}
          <Section title="Refund">
            <RefundPanel detail={detail} />
          </Section>
          <Section title="Shopper">
            <p className="font-semibold text-ink-900">{detail.shopper.name}</p>
            <p className="text-sm text-ink-700">
              {detail.shopper.email} · @{detail.shopper.handle}
            </p>
            <p className="mt-2 flex flex-wrap gap-2 text-sm">
              <Badge tone={detail.shopper.status === 'suspended' ? 'danger' : 'neutral'}>
                {detail.shopper.status === 'suspended' ? 'Bidding suspended' : 'Active'}
              </Badge>
              <Badge tone={detail.shopper.activeStrikes > 0 ? 'gold' : 'neutral'}>
                {detail.shopper.activeStrikes} active{' '}
                {detail.shopper.activeStrikes === 1 ? 'strike' : 'strikes'}
              </Badge>
            </p>
          </Section>
          <Section title="Strikes">
            <Strikes detail={detail} />
          </Section>
          {detail.deskMark ? (
            <Section title="Pickup desk">
              <p className="text-sm font-semibold text-danger-700">
                Marked {detail.deskMark.kindLabel.toLowerCase()}: refunded in full
              </p>
              <p className="text-sm text-ink-700">
                {formatShopDateTime(detail.deskMark.markedAt)} · {detail.deskMark.staff}
              </p>
              {detail.deskMark.note ? (
                <p className="text-sm text-ink-900">Note: {detail.deskMark.note}</p>
              ) : null}
            </Section>
          ) : null}
          {detail.appointment ? (
            <Section title="Pickup">
              <p className="text-sm text-ink-900">
                {formatDateKey(detail.appointment.date)}, {detail.appointment.timeLabel}
              </p>
              <p className="text-sm text-ink-700">
                {detail.appointment.status === 'scheduled'
                  ? 'Booked'
                  : detail.appointment.status === 'completed'
                    ? 'Handed over'
                    : 'Cancelled'}
                {detail.appointment.shortCode ? (
                  <>
                    {' '}
                    · code <span className="font-mono font-semibold">{detail.appointment.shortCode}</span>
                  </>
                ) : null}
              </p>
            </Section>
          ) : null}
        </div>
      </div>
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-card border border-ink-200 bg-white p-4 sm:p-5" aria-label={title}>
      <h2 className="mb-3 text-base font-bold text-ink-950">{title}</h2>
      {children}
    </section>
  );
}

function Fact({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-ink-600">{label}</dt>
      <dd className={clsx('tabular-nums', strong ? 'font-bold text-ink-950' : 'text-ink-900')}>{value}</dd>
    </div>
  );
}

const ICONS: Record<TimelineEvent['kind'], typeof Gavel> = {
  won: Gavel,
  reminder: Clock,
  paid: CircleDollarSign,
  staged: PackageCheck,
  scheduled: CalendarCheck,
  completed: Truck,
  cancelled: Ban,
  strike: Flag,
  strike_removed: FlagOff,
  refund: RotateCcw,
  refunded: RotateCcw,
};

function Timeline({ events }: { events: TimelineEvent[] }) {
  return (
    <ol className="relative flex flex-col gap-4 border-l border-ink-200 pl-6">
      {events.map((e, i) => {
        const Icon = ICONS[e.kind];
        return (
          <li key={`${e.kind}-${e.at}-${i}`} className="relative">
            <span className="absolute top-0.5 -left-[2.1rem] flex size-6 items-center justify-center rounded-full bg-white ring-1 ring-ink-200">
              <Icon className="size-3.5 text-ink-700" aria-hidden="true" />
            </span>
            <p className="text-sm font-semibold text-ink-900">{e.label}</p>
            <p className="text-xs text-ink-600">
              <time dateTime={e.at}>{formatShopDateTime(e.at)}</time>
            </p>
            {e.detail && e.kind !== 'won' ? <p className="mt-0.5 text-sm text-ink-700">{e.detail}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}

function Strikes({ detail }: { detail: AdminOrderDetail }) {
  const remove = useRemoveStrike(detail.order.id);
  const [target, setTarget] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  if (detail.strikes.length === 0) {
    return <p className="text-sm text-ink-700">This shopper has no strikes.</p>;
  }
  return (
    <>
      {result ? (
        <p role="status" className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
          {result}
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {detail.strikes.map((s) => (
          <li key={s.id} className="rounded-xl border border-ink-200 p-3 text-sm">
            <p className={clsx('text-ink-900', s.removedAt && 'line-through decoration-ink-400')}>
              {s.reason}
            </p>
            <p className="text-xs text-ink-600">
              Given {formatShopDateTime(s.createdAt)}
              {s.thisOrder ? ' · for this order' : ''}
            </p>
            {s.removedAt ? (
              <p className="mt-1 text-xs text-ink-700">
                Removed {formatShopDateTime(s.removedAt)}
                {s.removedBy ? ` by ${s.removedBy}` : ''}: {s.removedReason}
              </p>
            ) : (
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => setTarget(s.id)}>
                Remove strike
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ReasonDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title="Remove this strike?"
        description={`It will no longer count against ${detail.shopper.email}. At fewer than 3 active strikes a suspension the strikes caused is lifted.`}
        confirmLabel="Remove strike"
        schema={RemoveStrikeRequest}
        onConfirm={async (reason) => {
          if (!target) return;
          const answer = await remove.mutateAsync({ strikeId: target, reason });
          setResult(answer.message);
        }}
      />
    </>
  );
}
