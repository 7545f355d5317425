import type { BidGroup } from '@rebound/contract/bid-groups';
import { BID_GROUP_MIN_LOTS, bidGroupProblemMessage, checkBidGroup } from '@rebound/core/bid-groups';
import { formatTimeLeftShort } from '@rebound/core/countdown';
import { formatCents } from '@rebound/core/money';
import { isReturnableLot, saleTermsText } from '@rebound/core/sale-terms';
import { clsx } from 'clsx';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/input-classes';
import { errorMessageOf } from '../../../lib/api-client';
import { useServerNow } from '../../../lib/server-clock';
import { useSession } from '../../../lib/session';
import { useCreateBidGroup, useLotTerms } from '../api';
import type { GroupLotChoice } from '../lots';
import { planSentences } from '../words';

type Props = {
  /** The lots offered, all chosen at first; shown soonest ending first (the order the group bids in). */
  lots: readonly GroupLotChoice[];
  /** The group was made (the server's answer). */
  onCreated: (group: BidGroup) => void;
};

const ENTER_MAXIMUM = 'Enter your maximum for this lot.';

/** Which lot a server message names ('{title} is already in another of your groups.'): the longest title found in it. */
function lotNamedIn(message: string, lots: readonly GroupLotChoice[]): string | null {
  let best: GroupLotChoice | null = null;
  for (const lot of lots) {
    if (message.includes(lot.title) && (!best || lot.title.length > best.title.length)) best = lot;
  }
  return best?.auctionId ?? null;
}

/**
 * The group builder ('Win one of these', 'Make a group'): the lots with a checkbox each to leave one
 * out, one maximum for all (editable per lot), how many to win at most, then what will happen and
 * each lot's terms, said before the shopper submits. The server checks everything and its message is
 * shown as it arrives, beside the lot it names.
 */
export function BidGroupBuilder({ lots, onCreated }: Props) {
  const id = useId();
  const { user } = useSession();
  const location = useLocation();
  const now = useServerNow();
  const ordered = useMemo(
    () =>
      lots
        .map((lot, index) => ({ lot, index }))
        .sort((a, b) => Date.parse(a.lot.endTime) - Date.parse(b.lot.endTime) || a.index - b.index)
        .map(({ lot }) => lot),
    [lots],
  );
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const [shared, setShared] = useState('');
  const [own, setOwn] = useState<Readonly<Record<string, string>>>({});
  const [winAtMost, setWinAtMost] = useState(1);
  const [formError, setFormError] = useState<string | null>(null);
  const [lotErrors, setLotErrors] = useState<Readonly<Record<string, string>>>({});
  const create = useCreateBidGroup();
  const inputs = useRef(new Map<string, HTMLInputElement>());

  const chosen = ordered.filter((lot) => !left.has(lot.auctionId));
  const maxWin = Math.max(1, chosen.length - 1);
  const win = Math.min(winAtMost, maxWin);
  const amountOf = (lot: GroupLotChoice) => own[lot.auctionId] ?? shared;

  // Terms the lots came without: read from each lot's page.
  const unknown = ordered.filter((lot) => lot.saleTerms === null);
  const termQueries = useLotTerms(unknown.map((lot) => lot.slug));
  const termsOf = (lot: GroupLotChoice) => {
    if (lot.saleTerms !== null) return { saleTerms: lot.saleTerms, nonReturnableKind: lot.nonReturnableKind };
    const product = termQueries[unknown.indexOf(lot)]?.data?.product;
    return product ? { saleTerms: product.saleTerms, nonReturnableKind: product.nonReturnableKind } : null;
  };
  const chosenTerms = chosen.map((lot) => ({ lot, terms: termsOf(lot) }));
  const termsPending = chosenTerms.some(({ terms }) => terms === null);
  const termsFailed = chosenTerms.filter(
    ({ lot, terms }) => terms === null && termQueries[unknown.indexOf(lot)]?.isError,
  );
  const notReturnable = chosenTerms.filter(({ terms }) => terms !== null && !isReturnableLot(terms));

  function clearErrors(auctionId?: string) {
    setFormError(null);
    if (auctionId === undefined) setLotErrors({});
    else if (lotErrors[auctionId]) setLotErrors(({ [auctionId]: _gone, ...rest }) => rest);
  }

  function toggle(auctionId: string, include: boolean) {
    setLeft((prev) => {
      const next = new Set(prev);
      if (include) next.delete(auctionId);
      else next.add(auctionId);
      return next;
    });
    clearErrors(auctionId);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending || !user) return;
    const problem = checkBidGroup(
      win,
      chosen.map((lot) => lot.auctionId),
    );
    if (problem) {
      setFormError(bidGroupProblemMessage(problem));
      return;
    }
    const missing = chosen.filter((lot) => amountOf(lot).trim() === '');
    if (missing.length > 0) {
      setFormError(null);
      setLotErrors(Object.fromEntries(missing.map((lot) => [lot.auctionId, ENTER_MAXIMUM])));
      inputs.current.get(missing[0]?.auctionId ?? '')?.focus();
      return;
    }
    clearErrors();
    create.mutate(
      {
        winAtMost: win,
        lots: chosen.map((lot) => ({ auctionId: lot.auctionId, amount: amountOf(lot).trim() })),
      },
      {
        onSuccess: (answer) => onCreated(answer.group),
        onError: (error) => {
          const message = errorMessageOf(error);
          const named = lotNamedIn(message, chosen);
          if (named) {
            setLotErrors({ [named]: message });
            setFormError('One lot needs a change: see its row.');
            inputs.current.get(named)?.focus();
          } else {
            setFormError(message);
          }
        },
      },
    );
  }

  const sharedId = `${id}-shared`;
  const winId = `${id}-win`;
  const planId = `${id}-plan`;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-describedby={planId}>
      {!user ? (
        <p className="rounded-xl bg-ink-50 p-3 text-sm text-ink-800 ring-1 ring-ink-200">
          You need an account to bid.{' '}
          <Link
            to={`/auth?next=${encodeURIComponent(location.pathname + location.search)}`}
            className="font-semibold text-brand-800 underline"
          >
            Sign in to make a group
          </Link>
        </p>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={sharedId} className="block text-sm font-semibold text-ink-900">
            Maximum for each lot
          </label>
          <div className="relative mt-1.5">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-ink-600"
            >
              $
            </span>
            <input
              id={sharedId}
              inputMode="decimal"
              autoComplete="off"
              value={shared}
              onChange={(e) => {
                setShared(e.target.value);
                clearErrors();
              }}
              aria-describedby={`${sharedId}-hint`}
              className={clsx(inputClasses, 'pl-7 tabular-nums')}
            />
          </div>
          <p id={`${sharedId}-hint`} className="mt-1 text-xs text-ink-600">
            The most you would pay for any one lot. Change a lot's own below.
          </p>
        </div>
        <div>
          <label htmlFor={winId} className="block text-sm font-semibold text-ink-900">
            Win at most
          </label>
          <select
            id={winId}
            value={win}
            onChange={(e) => {
              setWinAtMost(Number(e.target.value));
              clearErrors();
            }}
            aria-describedby={`${winId}-hint`}
            className={clsx(inputClasses, 'mt-1.5')}
          >
            {Array.from({ length: maxWin }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <p id={`${winId}-hint`} className="mt-1 text-xs text-ink-600">
            Of the {chosen.length} {chosen.length === 1 ? 'lot' : 'lots'} chosen.
          </p>
        </div>
      </div>

      <fieldset>
        <legend className="text-sm font-semibold text-ink-900">
          Lots, soonest ending first ({chosen.length} of {ordered.length} chosen)
        </legend>
        <ul className="mt-2 divide-y divide-ink-100 rounded-card ring-1 ring-ink-200">
          {ordered.map((lot) => {
            const included = !left.has(lot.auctionId);
            const checkId = `${id}-lot-${lot.auctionId}`;
            const amountId = `${checkId}-max`;
            const error = lotErrors[lot.auctionId];
            const upcoming = Date.parse(lot.startTime) > now;
            const ownValue = own[lot.auctionId];
            return (
              <li
                key={lot.auctionId}
                data-testid="group-builder-lot"
                className={clsx(
                  'flex flex-col gap-2 p-3 sm:flex-row sm:items-start',
                  !included && 'bg-ink-50',
                )}
              >
                <div className="flex min-w-0 flex-1 items-start gap-2.5">
                  <input
                    id={checkId}
                    type="checkbox"
                    checked={included}
                    onChange={(e) => toggle(lot.auctionId, e.target.checked)}
                    className="mt-0.5 size-5 shrink-0 accent-brand-700"
                  />
                  <label htmlFor={checkId} className="min-w-0 text-sm">
                    <span className="block font-medium text-ink-950">{lot.title}</span>
                    <span className="block text-xs text-ink-600">
                      {lot.conditionText ? `${lot.conditionText} · ` : ''}
                      {formatCents(lot.currentPriceCents)} now ·{' '}
                      {upcoming
                        ? `opens in ${formatTimeLeftShort(Date.parse(lot.startTime) - now)}`
                        : `ends in ${formatTimeLeftShort(Date.parse(lot.endTime) - now)}`}
                    </span>
                  </label>
                </div>
                <div className="w-full sm:w-36">
                  <label htmlFor={amountId} className="sr-only">
                    Maximum for {lot.title}
                  </label>
                  <div className="relative">
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-ink-600"
                    >
                      $
                    </span>
                    <input
                      id={amountId}
                      ref={(el) => {
                        if (el) inputs.current.set(lot.auctionId, el);
                        else inputs.current.delete(lot.auctionId);
                      }}
                      inputMode="decimal"
                      autoComplete="off"
                      disabled={!included}
                      value={ownValue ?? shared}
                      placeholder={shared === '' ? 'Maximum' : undefined}
                      onChange={(e) => {
                        setOwn((prev) => ({ ...prev, [lot.auctionId]: e.target.value }));
                        clearErrors(lot.auctionId);
                      }}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${amountId}-error` : undefined}
                      className={clsx(inputClasses, 'pl-7 tabular-nums')}
                    />
                  </div>
                  {ownValue !== undefined && included ? (
                    <button
                      type="button"
                      onClick={() => setOwn(({ [lot.auctionId]: _gone, ...rest }) => rest)}
                      className="mt-1 rounded text-xs font-semibold text-brand-800 hover:underline"
                    >
                      Use the maximum for each lot
                    </button>
                  ) : null}
                </div>
                {error ? (
                  <p
                    id={`${amountId}-error`}
                    data-testid="group-builder-lot-error"
                    className="flex items-start gap-1.5 text-sm text-danger-700 sm:basis-full"
                  >
                    <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
        {chosen.length < BID_GROUP_MIN_LOTS ? (
          <p className="mt-2 text-sm text-ink-700">Choose at least {BID_GROUP_MIN_LOTS} lots for a group.</p>
        ) : null}
      </fieldset>

      <section
        id={planId}
        aria-labelledby={`${planId}-heading`}
        data-testid="group-builder-plan"
        className="rounded-card bg-brand-50/70 p-4 text-sm text-ink-900 ring-1 ring-brand-100"
      >
        <h3 id={`${planId}-heading`} className="font-semibold text-ink-950">
          What will happen
        </h3>
        <p className="mt-1">{planSentences(win).join(' ')}</p>
        <p className="mt-2 text-ink-700">
          A lot not open yet, or whose bidding has passed your maximum, waits; a lot that ends while it waits
          gets no bid. Each maximum is the most you pay for that lot, before taxes and fees.
        </p>
        <h4 className="mt-3 font-semibold text-ink-950">Terms</h4>
        {termsPending && termsFailed.length === 0 ? (
          <p role="status" className="mt-1 text-ink-700">
            Checking each lot's terms…
          </p>
        ) : null}
        {termsFailed.length > 0 ? (
          <p role="alert" className="mt-1 text-danger-700">
            We could not read the terms of {termsFailed.map(({ lot }) => lot.title).join(', ')}.{' '}
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => {
                for (const q of termQueries) if (q.isError) void q.refetch();
              }}
            >
              Try again
            </button>
          </p>
        ) : null}
        {!termsPending ? (
          notReturnable.length === 0 ? (
            <p className="mt-1" data-testid="group-builder-terms">
              Every lot: {saleTermsText({ saleTerms: 'standard' })}
            </p>
          ) : (
            <ul className="mt-1 list-disc pl-5" data-testid="group-builder-terms">
              {notReturnable.map(({ lot, terms }) => (
                <li key={lot.auctionId}>
                  <span className="font-medium">{lot.title}</span>: {terms ? saleTermsText(terms) : null}
                </li>
              ))}
              {notReturnable.length < chosen.length ? (
                <li>The others: {saleTermsText({ saleTerms: 'standard' })}</li>
              ) : null}
            </ul>
          )
        ) : null}
      </section>

      {formError ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl bg-danger-50 p-3 text-sm text-danger-700 ring-1 ring-danger-200"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {formError}
        </p>
      ) : null}

      <Button type="submit" size="lg" block loading={create.isPending} disabled={!user || termsPending}>
        {win === 1 ? 'Start the group: win one' : `Start the group: win at most ${win}`}
      </Button>
    </form>
  );
}
