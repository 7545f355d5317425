import {
  type AdminAuctionDetail,
  CancelAuctionInput,
  CancelBidForm,
  WithdrawOfferInput,
} from '@rebound/contract/admin-auctions';
import { formatCents } from '@rebound/core/money';
import { SCHEDULING_LIMITS } from '@rebound/core/scheduling';
import { PAYMENT_WINDOW_HOURS } from '@rebound/core/windows';
import { Ban, ExternalLink, Pencil, Repeat, Send, Undo2, XCircle } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { AdminDetailFrame } from '../../../components/admin/DetailFrame';
import { ReasonDialog } from '../../../components/admin/form';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { SelectField } from '../../../components/ui/FormFields';
import { errorMessageOf } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuction, useCancelAuction, useCancelBid, useSecondChanceOffer, useWithdrawOffer } from '../api';
import { Thumb } from './CatalogueSearch';
import { ShopTime, StatusBadge } from './shared';

/** /admin/auctions/:id: the auction, its bids and maximums, orders and offers, and what staff may do. */
export function AuctionDetailPage() {
  const { id } = useParams();
  const auction = useAuction(id);
  useDocumentTitle(`${auction.data?.product.title ?? 'Auction'} · Auctions`);
  return (
    <AdminDetailFrame
      query={auction}
      back={{ to: '/admin/auctions', label: 'All auctions' }}
      what="auction"
      notFound={{
        title: 'Auction not found',
        message: 'It may have been removed; search the auctions again.',
      }}
    >
      {(a) => <Detail a={a} />}
    </AdminDetailFrame>
  );
}

function Detail({ a }: { a: AdminAuctionDetail }) {
  const [cancelOpen, setCancelOpen] = useState(false);
  const [offerOpen, setOfferOpen] = useState(false);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const cancel = useCancelAuction(a.id);
  const withdraw = useWithdrawOffer(a.id);
  const cancelBid = useCancelBid(a.id);
  /** The bidder whose maximum the confirm dialog is about to cancel. */
  const [bidToCancel, setBidToCancel] = useState<AdminAuctionDetail['maxBids'][number] | null>(null);
  const openOffer = a.offers.find((o) => o.status === 'open');
  const increment = a.incrementMode === 'table' ? "Site's table" : formatCents(a.bidIncrementCents);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 items-center gap-3">
            <Thumb url={a.product.thumbnailUrl} />
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="text-2xl font-bold tracking-tight text-ink-950">{a.product.title}</h1>
                <StatusBadge status={a.status} />
              </div>
              <p className="text-sm text-ink-600">
                {a.product.sku} ·{' '}
                {/* Underlined: in a line of grey text, colour alone does not set a link apart (WCAG 1.4.1). */}
                <Link to={`/admin/catalogue/${a.product.id}`} className="text-brand-700 underline">
                  Catalogue
                </Link>{' '}
                ·{' '}
                <a
                  href={`/product/${a.product.slug}`}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-brand-700 underline"
                >
                  Shop page <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {a.can.edit ? (
              <ButtonLink to="edit" variant="secondary">
                <Pencil aria-hidden="true" />
                Edit
              </ButtonLink>
            ) : null}
            {a.can.relist ? (
              <ButtonLink to="relist" variant="secondary">
                <Repeat aria-hidden="true" />
                Relist
              </ButtonLink>
            ) : null}
            {a.can.offer ? (
              <Button variant="secondary" onClick={() => setOfferOpen(true)}>
                <Send aria-hidden="true" />
                Second-chance offer
              </Button>
            ) : null}
            {a.can.cancel ? (
              <Button className="bg-danger-700 hover:bg-danger-800" onClick={() => setCancelOpen(true)}>
                <XCircle aria-hidden="true" />
                Cancel auction
              </Button>
            ) : null}
          </div>
        </div>
      </div>

      {a.status === 'cancelled' ? (
        <div className="rounded-card bg-danger-50 p-4 text-sm text-danger-900 ring-1 ring-danger-200">
          <p className="font-semibold">
            Cancelled
            {a.cancelledAt ? (
              <>
                {' '}
                on <ShopTime at={a.cancelledAt} />
              </>
            ) : null}
            {a.cancelledBy ? ` by ${a.cancelledBy}` : ''}
          </p>
          <p className="mt-1">Reason: {a.cancelReason}</p>
        </div>
      ) : null}

      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-card bg-ink-200 ring-1 ring-ink-200 lg:grid-cols-4">
        <Fact label="Starts">
          <ShopTime at={a.startTime} />
        </Fact>
        <Fact label="Ends">
          <ShopTime at={a.endTime} seconds />
          {a.endTime !== a.originalEndTime ? (
            <span className="block text-xs text-ink-600">Extended by soft close</span>
          ) : null}
        </Fact>
        <Fact label="Price">
          {formatCents(a.currentPriceCents)} · {a.bidCount} {a.bidCount === 1 ? 'bid' : 'bids'}
        </Fact>
        <Fact label="Leader">{a.winner?.handle ?? a.leader?.handle ?? '—'}</Fact>
        <Fact label="Starting bid">{formatCents(a.startingBidCents)}</Fact>
        <Fact label="Increment">{increment}</Fact>
        <Fact label="Reserve">
          {a.reservePriceCents === null
            ? 'None'
            : `${formatCents(a.reservePriceCents)} (${a.reserveMet ? 'met' : 'not met'})`}
        </Fact>
        <Fact label="Soft close">{a.softCloseSeconds} s</Fact>
        <Fact label="Location">{a.location.name}</Fact>
        <Fact label="Drop">
          {a.drop ? (
            <Link
              to={`/admin/auctions?dropId=${a.drop.id}&sort=end&dir=asc`}
              className="text-brand-700 hover:underline"
            >
              {a.drop.title}
            </Link>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Relisted from">
          {a.relistedFromId ? (
            <Link to={`/admin/auctions/${a.relistedFromId}`} className="text-brand-700 hover:underline">
              Earlier auction
            </Link>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Relisted as">
          {a.relistedToIds.length > 0
            ? a.relistedToIds.map((id, i) => (
                <Link key={id} to={`/admin/auctions/${id}`} className="mr-2 text-brand-700 hover:underline">
                  Relist {i + 1}
                </Link>
              ))
            : '—'}
        </Fact>
      </dl>

      <div className="grid gap-6 xl:grid-cols-2">
        <Panel title="Maximum bids" note="Private to staff: each bidder's proxy maximum, highest first.">
          {a.maxBids.length === 0 ? (
            <Empty>No bids yet.</Empty>
          ) : (
            <Table head={['Bidder', 'Maximum', 'Set']}>
              {a.maxBids.map((m, i) => (
                <tr key={m.id}>
                  <td className="py-2 pr-3">
                    <span className="font-medium text-ink-950">{m.handle}</span>
                    {i === 0 ? (
                      <Badge tone="brand" className="ml-2">
                        Leader
                      </Badge>
                    ) : null}
                    <span className="block text-xs text-ink-600">{m.email}</span>
                    {a.can.cancelBids ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        className="mt-1.5"
                        onClick={() => setBidToCancel(m)}
                        aria-label={`Cancel the bid of ${m.handle}`}
                      >
                        <Ban className="size-4" aria-hidden="true" />
                        Cancel bid
                      </Button>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{formatCents(m.maxAmountCents)}</td>
                  <td className="py-2">
                    <ShopTime at={m.setAt} />
                  </td>
                </tr>
              ))}
            </Table>
          )}
          {a.cancelledBids.length > 0 ? (
            <div className="mt-4 border-t border-ink-100 pt-3">
              <h3 className="text-xs font-semibold tracking-wide text-ink-600 uppercase">
                Cancelled by the store
              </h3>
              <ul className="mt-1 flex flex-col gap-1 text-sm">
                {a.cancelledBids.map((c) => (
                  <li key={`${c.user.id}-${c.at}`}>
                    <span className="font-medium text-ink-950">{c.user.handle}</span>{' '}
                    <span className="text-ink-600">
                      · <ShopTime at={c.at} /> · reason in the audit log
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Panel>
        <Panel title="Bid history" note="As shoppers see it, newest first.">
          {a.bids.length === 0 ? (
            <Empty>No bids yet.</Empty>
          ) : (
            <Table head={['Bidder', 'Bid', 'When']}>
              {a.bids.map((b) => (
                <tr key={`${b.at}-${b.handle}-${b.amountCents}`}>
                  <td className="py-2 pr-3">{b.handle}</td>
                  <td className="py-2 pr-3 tabular-nums">{formatCents(b.amountCents)}</td>
                  <td className="py-2">
                    <ShopTime at={b.at} seconds />
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </Panel>
        <Panel title="Orders">
          {a.orders.length === 0 ? (
            <Empty>
              {a.status === 'ended' ? 'No order: it did not sell.' : 'None until the auction ends.'}
            </Empty>
          ) : (
            <Table head={['Shopper', 'Amount', 'Status']}>
              {a.orders.map((o) => (
                <tr key={o.id}>
                  <td className="py-2 pr-3">
                    <Link to={`/admin/orders/${o.id}`} className="font-medium text-brand-700 hover:underline">
                      {o.user.handle}
                    </Link>
                    <span className="block text-xs text-ink-600">{o.user.email}</span>
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{formatCents(o.finalAmountCents)}</td>
                  <td className="py-2">
                    <Badge tone={o.status === 'cancelled' ? 'danger' : 'neutral'}>
                      {ORDER_LABELS[o.status]}
                    </Badge>
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </Panel>
        <Panel
          title="Second-chance offers"
          note="After the winner did not pay: the item at another bidder's maximum."
        >
          {a.offers.length === 0 ? (
            <Empty>{a.can.offer ? 'None yet. The next bidder can be offered the item.' : 'None.'}</Empty>
          ) : (
            <Table head={['Shopper', 'Amount', 'Status']}>
              {a.offers.map((o) => (
                <tr key={o.id}>
                  <td className="py-2 pr-3">
                    <span className="font-medium text-ink-950">{o.user.handle}</span>
                    <span className="block text-xs text-ink-600">{o.user.email}</span>
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{formatCents(o.amountCents)}</td>
                  <td className="py-2">
                    <Badge
                      tone={o.status === 'accepted' ? 'brand' : o.status === 'open' ? 'gold' : 'neutral'}
                    >
                      {OFFER_LABELS[o.status]}
                    </Badge>
                    <span className="block text-xs text-ink-600">
                      {o.status === 'open' ? 'Until ' : ''}
                      <ShopTime at={o.status === 'open' ? o.expiresAt : (o.respondedAt ?? o.expiresAt)} />
                    </span>
                    {o.status === 'open' ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        className="mt-2"
                        onClick={() => setWithdrawOpen(true)}
                        aria-label={`Withdraw the offer to ${o.user.handle}`}
                      >
                        <Undo2 className="size-4" aria-hidden="true" />
                        Withdraw
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </Panel>
      </div>

      <ReasonDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        title={`Cancel the auction for “${a.product.title}”?`}
        description={
          a.bidCount > 0
            ? `Its ${a.bidCount} ${a.bidCount === 1 ? 'bid is' : 'bids are'} void. Every bidder is told, with your reason.`
            : 'Nobody has bid yet. The product goes back to drafts.'
        }
        confirmLabel="Cancel auction"
        schema={CancelAuctionInput}
        danger
        onConfirm={async (reason) => {
          await cancel.mutateAsync(reason);
          toast.success('Auction cancelled');
        }}
      />
      <ReasonDialog
        open={bidToCancel !== null}
        onOpenChange={(open) => {
          if (!open) setBidToCancel(null);
        }}
        title={bidToCancel ? `Cancel the bid of ${bidToCancel.handle}?` : 'Cancel the bid?'}
        description={
          bidToCancel
            ? `Their maximum of ${formatCents(bidToCancel.maxAmountCents)} is removed. The price, the leader and the public history are worked out again from the other maximums, so the price may go down; the end time does not move. They are told their bid was cancelled, and a bidder who leads again is told too. The history shows “Bid cancelled by the store”, without their name or your reason.`
            : ''
        }
        confirmLabel="Cancel bid"
        dismissLabel="Keep bid"
        reasonLabel="Reason (optional)"
        schema={CancelBidForm}
        danger
        onConfirm={async (reason) => {
          if (!bidToCancel) return;
          await cancelBid.mutateAsync({ userId: bidToCancel.id, reason });
          toast.success(`Bid of ${bidToCancel.handle} cancelled`);
        }}
      />
      {a.can.offer ? <OfferDialog a={a} open={offerOpen} onOpenChange={setOfferOpen} /> : null}
      {openOffer ? (
        <ReasonDialog
          open={withdrawOpen}
          onOpenChange={setWithdrawOpen}
          title={`Withdraw the offer to ${openOffer.user.handle}?`}
          description={`They can no longer accept “${a.product.title}” at ${formatCents(openOffer.amountCents)}; their offer page says it was withdrawn and nothing is owed. They are not sent a message.`}
          confirmLabel="Withdraw offer"
          schema={WithdrawOfferInput}
          danger
          onConfirm={async (reason) => {
            await withdraw.mutateAsync(reason);
            toast.success('Offer withdrawn');
          }}
        />
      ) : null}
    </div>
  );
}

const ORDER_LABELS: Record<AdminAuctionDetail['orders'][number]['status'], string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  ready_for_pickup: 'Ready for pickup',
  pickup_scheduled: 'Pickup booked',
  completed: 'Picked up',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const OFFER_LABELS: Record<AdminAuctionDetail['offers'][number]['status'], string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

const { minOfferHours, maxOfferHours, defaultOfferHours } = SCHEDULING_LIMITS;

/** The hours typed are a whole number within core's offer deadline limits. */
function offerHoursValid(hours: string): boolean {
  return /^\d+$/.test(hours) && Number(hours) >= minOfferHours && Number(hours) <= maxOfferHours;
}

function OfferDialog({
  a,
  open,
  onOpenChange,
}: {
  a: AdminAuctionDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [userId, setUserId] = useState(a.offerCandidates[0]?.id ?? '');
  const [hours, setHours] = useState(String(defaultOfferHours));
  const [error, setError] = useState<string | null>(null);
  const offer = useSecondChanceOffer(a.id);
  const hoursValid = offerHoursValid(hours);
  const chosen = a.offerCandidates.find((c) => c.id === userId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md p-6">
        <DialogTitle className="pr-10 text-lg font-bold text-ink-950">Second-chance offer</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-ink-700">
          The shopper is offered “{a.product.title}” at their maximum bid and told in the app and by email. If
          they accept, they pay within {PAYMENT_WINDOW_HOURS} hours as for any win.
        </DialogDescription>
        <form
          className="mt-5 flex flex-col gap-4"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            setError(null);
            if (!hoursValid) return;
            try {
              await offer.mutateAsync({ userId, hours: Number(hours) });
              toast.success('Offer sent');
              onOpenChange(false);
            } catch (err) {
              setError(errorMessageOf(err));
            }
          }}
        >
          {error ? <FormAlert>{error}</FormAlert> : null}
          {a.offerCandidates.length === 0 ? (
            <p className="text-sm text-ink-700">
              No other bidder can be offered the item. Relist it instead.
            </p>
          ) : (
            <SelectField label="Bidder" value={userId} onChange={(e) => setUserId(e.target.value)}>
              {a.offerCandidates.map((c, i) => (
                <option key={c.id} value={c.id}>
                  {c.handle} — {formatCents(c.maxAmountCents)}
                  {i === 0 ? ' (next highest)' : ''}
                </option>
              ))}
            </SelectField>
          )}
          <TextField
            label="Open for (hours)"
            inputMode="numeric"
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            error={hoursValid ? undefined : `The deadline is ${minOfferHours} to ${maxOfferHours} hours.`}
            hint={`${defaultOfferHours} hours by default.`}
          />
          <div className="mt-1 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Not now
            </Button>
            <Button type="submit" loading={offer.isPending} disabled={!chosen}>
              Offer at {chosen ? formatCents(chosen.maxAmountCents) : '—'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="bg-white p-4">
      <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-ink-950">{children}</dd>
    </div>
  );
}

function Panel({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-card bg-white p-5 ring-1 ring-ink-200">
      <h2 id={id} className="text-base font-semibold text-ink-950">
        {title}
      </h2>
      {note ? <p className="mt-0.5 text-xs text-ink-600">{note}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-ink-600">{children}</p>;
}

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-ink-200 text-xs text-ink-600">
            {head.map((h) => (
              <th key={h} scope="col" className="pb-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">{children}</tbody>
      </table>
    </div>
  );
}
