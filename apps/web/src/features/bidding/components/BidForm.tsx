import type { AuthUser } from '@rebound/contract/auth';
import type { AuctionLiveState, MyBidPosition } from '@rebound/contract/bidding';
import { smallestMaxBidFor, suggestedMaxBids } from '@rebound/core/bidding';
import { centsToDollarText } from '@rebound/core/dollars';
import { formatCents, parseDollarsToCents } from '@rebound/core/money';
import { allInCost, checkoutLineLabels, DEFAULT_TAX_CONFIG, type TaxConfig } from '@rebound/core/pricing';
import { isReturnableLot, type LotTerms, saleTermsText } from '@rebound/core/sale-terms';
import { PAYMENT_WINDOW_HOURS } from '@rebound/core/windows';
import { clsx } from 'clsx';
import { ArrowLeft, Gavel, Info } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { toast } from '../../../lib/toast';
import { bidFormProblem } from '../bid-check';
import { bidAction, usePlaceBid } from '../place-bid';

type BidFormProps = {
  auction: AuctionLiveState;
  me: MyBidPosition | null;
  /** The pickup location's rates (buyer's premium, PST, GST); BC defaults when unknown. */
  taxConfig: TaxConfig | null;
  locationName: string | null;
  /** The lot's sale terms, said on the confirm step before the shopper confirms (core sale-terms.ts). */
  terms: LotTerms;
  /** The signed-in bidder (the session's role and status). */
  bidder: Pick<AuthUser, 'role' | 'status'>;
  /** Smaller layout for the quick-view modal. */
  compact?: boolean;
};

/**
 * The maximum-bid control: type a maximum (or pick a suggested one), see the all-in cost at the
 * pickup location's rates, confirm, and the server answers. The minimum shown is the server's
 * (price + increment, or the starting bid), and above the shopper's own maximum.
 */
export function BidForm({
  auction,
  me,
  bidder,
  taxConfig,
  locationName,
  terms,
  compact = false,
}: BidFormProps) {
  const tax = taxConfig ?? DEFAULT_TAX_CONFIG;
  const labels = checkoutLineLabels(tax);
  const floor = smallestMaxBidFor(auction.minimumNextBidCents, me?.maxBidCents ?? null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<{ cents: number; key: string } | null>(null);
  const place = usePlaceBid(auction.auctionId);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const summaryId = useId();

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  // The minimum moved under the shopper (outbid live, another bid): the error about the old minimum,
  // the form's and the last attempt's toast, is not true any more; the next check says the new one.
  const shownFloor = useRef(floor);
  useEffect(() => {
    if (shownFloor.current === floor) return;
    shownFloor.current = floor;
    setError(undefined);
    toast.succeeded(bidAction(auction.auctionId));
  }, [floor, auction.auctionId]);

  const typedCents = parseDollarsToCents(text);

  function review(event: FormEvent) {
    event.preventDefault();
    // Core decides (checkMaxBidRequest, which the bid route asks too), in the server's order and words:
    // a suspended account or a maximum above the bound never reaches the confirm step.
    const problem = bidFormProblem({
      bidder,
      amountCents: typedCents,
      ownMaxCents: me?.maxBidCents ?? null,
      minimumNextBidCents: auction.minimumNextBidCents,
    });
    setError(problem);
    if (problem || typedCents === null) {
      input.current?.focus();
      return;
    }
    setConfirming({ cents: typedCents, key: newIdempotencyKey() });
  }

  function back() {
    setConfirming(null);
    requestAnimationFrame(() => input.current?.focus());
  }

  function confirm() {
    if (!confirming) return;
    place.mutate(
      { amount: centsToDollarText(confirming.cents), idempotencyKey: confirming.key },
      {
        onSuccess: () => {
          setConfirming(null);
          setText('');
          setError(undefined);
        },
        onError: () => setConfirming(null),
      },
    );
  }

  if (confirming) {
    const cost = allInCost(confirming.cents, tax);
    return (
      <section
        aria-labelledby={`${summaryId}-title`}
        className="rounded-xl bg-ink-50 p-4 ring-1 ring-ink-200 ring-inset"
      >
        <h3
          id={`${summaryId}-title`}
          ref={confirmHeading}
          tabIndex={-1}
          className="text-base font-semibold text-ink-950 focus:outline-none"
        >
          Confirm your maximum bid
        </h3>
        <p className="mt-1 text-sm text-ink-700">
          We bid for you, one increment at a time, up to <strong>{formatCents(confirming.cents)}</strong>. If
          you win at your full maximum, you pay:
        </p>
        <CostLines
          className="mt-3"
          cost={cost}
          labels={labels}
          bidLabel="Your maximum bid"
          locationName={locationName}
        />
        <p
          data-testid="bid-sale-terms"
          className={clsx(
            'mt-3 rounded-lg px-3 py-2 text-sm ring-1 ring-inset',
            isReturnableLot(terms)
              ? 'bg-white text-ink-800 ring-ink-200'
              : 'bg-gold-100 font-semibold text-gold-800 ring-gold-800/20',
          )}
        >
          {saleTermsText(terms)}
        </p>
        <div className="mt-4 grid grid-cols-[auto_1fr] gap-2">
          <Button variant="secondary" onClick={back} disabled={place.isPending}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
          <Button onClick={confirm} loading={place.isPending}>
            <Gavel aria-hidden="true" />
            {place.isPending ? 'Placing bid...' : `Confirm ${formatCents(confirming.cents)}`}
          </Button>
        </div>
        <p className="mt-3 text-xs text-ink-600">
          A bid is a promise to pay within {PAYMENT_WINDOW_HOURS} hours of the auction's end if you win.
        </p>
      </section>
    );
  }

  const suggestions = suggestedMaxBids(floor, 3);
  return (
    <form onSubmit={review} noValidate className="flex flex-col gap-3" aria-label="Place a maximum bid">
      <TextField
        ref={input}
        label="Your maximum bid (CAD)"
        name="maxBid"
        type="number"
        inputMode="decimal"
        min={centsToDollarText(floor)}
        step="0.01"
        placeholder={centsToDollarText(floor)}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(undefined);
        }}
        error={error}
        hint={<>Enter {formatCents(floor)} or more. We only bid as much as needed to keep you in the lead.</>}
        inputClassName="text-lg font-semibold tabular-nums sm:text-base"
      />
      {suggestions.length > 0 ? (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Suggested maximum bids</legend>
          {suggestions.map((cents) => (
            <button
              key={cents}
              type="button"
              onClick={() => {
                setText(centsToDollarText(cents));
                setError(undefined);
              }}
              className="inline-flex h-9 items-center rounded-lg bg-white px-3 text-sm font-semibold text-ink-800 tabular-nums ring-1 ring-ink-200 ring-inset transition-colors hover:bg-brand-50 hover:ring-brand-300"
            >
              {formatCents(cents)}
            </button>
          ))}
        </fieldset>
      ) : null}
      {!compact ? (
        <div aria-live="polite" className="min-h-5 text-sm text-ink-700">
          {/* Only for a maximum that can still be placed: one below the (new) minimum shows no all-in. */}
          {typedCents !== null && typedCents >= floor ? (
            <p className="flex items-start gap-1.5">
              <Info className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                All-in at {formatCents(typedCents)}:{' '}
                <strong className="tabular-nums">{formatCents(allInCost(typedCents, tax).totalCents)}</strong>{' '}
                with premium and taxes.
              </span>
            </p>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" size="lg" block>
        <Gavel aria-hidden="true" />
        Place max bid
      </Button>
    </form>
  );
}

type CostLinesProps = {
  cost: ReturnType<typeof allInCost>;
  labels: ReturnType<typeof checkoutLineLabels>;
  bidLabel: string;
  locationName: string | null;
  className?: string;
};

/** Bid, buyer's premium, PST, GST and the total, as the checkout will show them. */
export function CostLines({ cost, labels, bidLabel, locationName, className }: CostLinesProps) {
  const row = 'flex items-baseline justify-between gap-4';
  return (
    <div className={className}>
      <dl className="flex flex-col gap-1.5 text-sm">
        <div className={row}>
          <dt className="text-ink-700">{bidLabel}</dt>
          <dd className="font-medium text-ink-900 tabular-nums">{formatCents(cost.subtotalCents)}</dd>
        </div>
        <div className={row}>
          <dt className="text-ink-700">{labels.premium}</dt>
          <dd className="text-ink-900 tabular-nums">{formatCents(cost.premiumCents)}</dd>
        </div>
        <div className={row}>
          <dt className="text-ink-700">{labels.pst}</dt>
          <dd className="text-ink-900 tabular-nums">{formatCents(cost.pstCents)}</dd>
        </div>
        <div className={row}>
          <dt className="text-ink-700">{labels.gst}</dt>
          <dd className="text-ink-900 tabular-nums">{formatCents(cost.gstCents)}</dd>
        </div>
        <div className={clsx(row, 'mt-1 border-t border-ink-200 pt-2')}>
          <dt className="font-semibold text-ink-950">All-in total</dt>
          <dd className="text-lg font-bold text-ink-950 tabular-nums">{formatCents(cost.totalCents)}</dd>
        </div>
      </dl>
      {locationName ? (
        <p className="mt-2 text-xs text-ink-600">
          Rates for pickup at {locationName}. Pickup only, bring valid ID.
        </p>
      ) : null}
    </div>
  );
}
