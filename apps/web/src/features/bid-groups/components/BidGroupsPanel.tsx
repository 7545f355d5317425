import type { BidGroup, BidGroupLot } from '@rebound/contract/bid-groups';
import { winAtMostRange } from '@rebound/core/bid-groups';
import { formatCents } from '@rebound/core/money';
import { clsx } from 'clsx';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AuctionThumb } from '../../../components/AuctionThumb';
import { Button } from '../../../components/ui/Button';
import { Countdown } from '../../../components/ui/Countdown';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/Dialog';
import { inputClasses } from '../../../components/ui/input-classes';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { useLiveAuctionList } from '../../../lib/live-auction-list';
import { productPath } from '../../../lib/paths';
import { bidGroupKeys, useCancelBidGroup, useMyBidGroups, useUpdateBidGroup } from '../api';
import { GROUP_STATE_TEXT, GROUP_STATE_TONE, groupStateDetail, lotWords, winTitle } from '../words';

const OPEN_LOT_STATES: ReadonlySet<BidGroupLot['state']> = new Set(['waiting', 'live', 'outbid']);
/** Lot states that only an ended auction has. */
const ENDED_LOT_STATES: ReadonlySet<BidGroupLot['state']> = new Set(['won', 'lost', 'skipped']);

/**
 * My Bids' bid groups ('Win N of these'): each group with its state, its lots in words with their
 * maximums, and its story, oldest first (as the server gives it: a story reads in order). An active
 * group's lots can get a higher maximum, a waiting lot can be taken out, and the group cancelled.
 */
export function BidGroupsPanel() {
  const groups = useMyBidGroups();
  const open = useMemo(
    () =>
      (groups.data?.groups ?? [])
        .filter((g) => g.state === 'active')
        .flatMap((g) => g.lots.filter((l) => OPEN_LOT_STATES.has(l.state)).map((l) => l.auctionId)),
    [groups.data],
  );
  // A bid, an extension or an end on any of their lots refreshes the groups.
  useLiveAuctionList(open, bidGroupKeys.mine());

  return (
    <section
      id="bid-groups"
      aria-labelledby="bid-groups-heading"
      className="scroll-mt-24"
      data-testid="bid-groups"
    >
      <h3 id="bid-groups-heading" className="text-base font-bold text-ink-950">
        Bid groups
      </h3>
      <p className="mt-0.5 text-sm text-ink-600">
        Lots you asked us to bid on for you, up to the number you want to win.
      </p>
      <div className="mt-3">
        {groups.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">Loading your bid groups...</span>
            <Skeleton className="h-40 w-full rounded-card" />
          </div>
        ) : groups.isError ? (
          <ErrorState
            title="Error loading your bid groups"
            message={errorMessageOf(groups.error)}
            onRetry={() => void groups.refetch()}
          />
        ) : groups.data.groups.length === 0 ? (
          <EmptyState
            className="py-6"
            detail="On a product page with more of the same item, choose 'Win one of these'; in the shop or your watchlist, pick lots with 'Add to a group'."
          >
            No bid groups yet.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-4">
            {groups.data.groups.map((group) => (
              <GroupCard key={group.id} group={group} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function GroupCard({ group }: { group: BidGroup }) {
  const headingId = useId();
  const active = group.state === 'active';
  const update = useUpdateBidGroup(group.id);
  const [actionError, setActionError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  function remove(lot: BidGroupLot) {
    setActionError(null);
    update.mutate({ remove: [lot.auctionId] }, { onError: (error) => setActionError(errorMessageOf(error)) });
  }

  return (
    <li
      aria-labelledby={headingId}
      data-testid="bid-group"
      data-state={group.state}
      className="overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-200/80"
    >
      <div className="p-3 sm:p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0 flex-1">
            <h4 id={headingId} className="text-base font-bold text-ink-950">
              {winTitle(group.winAtMost)}
              <span className="font-normal text-ink-600">
                {' '}
                ({group.lots.length} {group.lots.length === 1 ? 'lot' : 'lots'})
              </span>
            </h4>
            <p className="mt-0.5 text-sm text-ink-700">{groupStateDetail(group)}</p>
          </div>
          <span
            data-testid="bid-group-state"
            className={clsx(
              'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset',
              GROUP_STATE_TONE[group.state],
            )}
          >
            {GROUP_STATE_TEXT[group.state]}
          </span>
        </div>
        {active ? <WinAtMostForm group={group} /> : null}
      </div>

      <ul className="divide-y divide-ink-100 border-t border-ink-100">
        {[...group.lots]
          .sort((a, b) => a.position - b.position)
          .map((lot) => (
            <GroupLotRow
              key={lot.auctionId}
              groupId={group.id}
              lot={lot}
              active={active}
              editing={editing === lot.auctionId}
              onEdit={(on) => {
                setActionError(null);
                setEditing(on ? lot.auctionId : null);
              }}
              onRemove={() => remove(lot)}
              removing={update.isPending && update.variables?.remove?.[0] === lot.auctionId}
            />
          ))}
      </ul>

      {actionError ? (
        <p
          role="alert"
          className="mx-3 mb-3 flex items-start gap-2 rounded-xl bg-danger-50 p-3 text-sm text-danger-700 ring-1 ring-danger-200 sm:mx-4"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {actionError}
        </p>
      ) : null}

      <div className="flex flex-col gap-3 border-t border-ink-100 p-3 sm:flex-row sm:items-start sm:justify-between sm:p-4">
        <details className="min-w-0 flex-1 text-sm" data-testid="bid-group-story">
          <summary className="cursor-pointer rounded font-semibold text-ink-800 hover:text-ink-950 sm:py-2">
            What the group did ({group.story.length})
          </summary>
          <ol aria-label="What the group did, oldest first" className="mt-2 flex flex-col gap-1.5">
            {group.story.map((line, i) => (
              <li key={`${line.at}-${i}`} className="flex flex-col text-ink-800 sm:flex-row sm:gap-3">
                <time dateTime={line.at} className="shrink-0 text-xs text-ink-600 tabular-nums sm:w-40">
                  {formatShopDateTime(line.at)}
                </time>
                <span>{line.text}</span>
              </li>
            ))}
          </ol>
        </details>
        {active ? <CancelGroup group={group} /> : null}
      </div>
    </li>
  );
}

function GroupLotRow({
  groupId,
  lot,
  active,
  editing,
  onEdit,
  onRemove,
  removing,
}: {
  groupId: string;
  lot: BidGroupLot;
  active: boolean;
  editing: boolean;
  onEdit: (on: boolean) => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const words = lotWords(lot);
  const { card } = lot;
  const ended = card.status === 'ended' || ENDED_LOT_STATES.has(lot.state);
  const cancelled = card.status === 'cancelled';
  // Bid controls and a countdown only for a lot the group may still bid on, while its auction runs.
  const open = active && OPEN_LOT_STATES.has(lot.state) && !ended && !cancelled;
  const placed = lot.state === 'live' || lot.state === 'outbid';
  const upcoming = card.status === 'scheduled';
  const price = lotPrice(lot, ended, cancelled);
  return (
    <li data-testid="bid-group-lot" data-state={lot.state} className="flex gap-3 p-3 sm:p-4">
      <AuctionThumb image={card.image} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <p className="min-w-0 text-sm font-semibold text-ink-950">
            <Link to={productPath(card.slug)} className="hover:text-brand-800 hover:underline">
              {card.title}
            </Link>
          </p>
          <span
            data-testid="bid-group-lot-state"
            className={clsx(
              'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset',
              words.tone,
            )}
          >
            {words.label}
          </span>
        </div>
        <p className="mt-0.5 text-xs text-ink-600">{words.detail}</p>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-ink-600">Your maximum</dt>
            <dd className="font-semibold tabular-nums text-ink-950">{formatCents(lot.maxBidCents)}</dd>
          </div>
          <div data-testid="bid-group-lot-price">
            <dt className="text-xs text-ink-600">{price.label}</dt>
            <dd
              className={clsx(
                'font-semibold tabular-nums',
                lot.state === 'won' ? 'text-gold-800' : 'text-ink-950',
              )}
            >
              {price.value}
            </dd>
          </div>
          {ended ? (
            // The whole width on a phone: the date stays on one line.
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-xs text-ink-600">Ended</dt>
              <dd className="font-medium text-ink-900">
                <time dateTime={card.endTime}>{formatShopDateTime(card.endTime)}</time>
              </dd>
            </div>
          ) : null}
          {open ? (
            <div>
              <dt className="text-xs text-ink-600">{upcoming ? 'Starts in' : 'Time left'}</dt>
              <dd className="font-medium text-ink-900">
                <Countdown
                  to={upcoming ? card.startTime : card.endTime}
                  label={upcoming ? 'Starts in' : 'Time left'}
                  format="short"
                  className="data-[urgent=true]:font-semibold data-[urgent=true]:text-danger-700"
                />
              </dd>
            </div>
          ) : null}
        </dl>
        {open && !editing ? (
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => onEdit(true)}>
              {placed ? 'Raise maximum' : 'Change maximum'}
              <span className="sr-only">: {card.title}</span>
            </Button>
            {lot.state === 'waiting' ? (
              <Button size="sm" variant="ghost" onClick={onRemove} loading={removing}>
                Remove
                <span className="sr-only">: {card.title} from the group</span>
              </Button>
            ) : null}
          </div>
        ) : null}
        {open && editing ? (
          <MaximumForm groupId={groupId} lot={lot} placed={placed} onClose={() => onEdit(false)} />
        ) : null}
      </div>
    </li>
  );
}

/**
 * A lot's price in the words the rest of My Bids and the product page use: 'Current bid' (or
 * 'Starting bid') while it runs, 'Final bid' once ended, 'You won for' when it is the shopper's.
 */
function lotPrice(lot: BidGroupLot, ended: boolean, cancelled: boolean): { label: string; value: string } {
  const { card } = lot;
  const amount = formatCents(card.currentPriceCents);
  if (lot.state === 'won') return { label: 'You won for', value: amount };
  if (cancelled) return { label: 'Auction', value: 'Cancelled' };
  if (ended) return { label: 'Final bid', value: card.bidCount > 0 ? amount : 'No bids' };
  return { label: card.bidCount > 0 ? 'Current bid' : 'Starting bid', value: amount };
}

/**
 * How many the group wins at most, changed on an active group (PATCH winAtMost): the same choice
 * as the builder's, from the wins so far (at least 1) to one fewer than its lots (core
 * winAtMostRange). Saved on purpose, not on change: a higher number can place more binding bids.
 */
function WinAtMostForm({ group }: { group: BidGroup }) {
  const id = useId();
  const update = useUpdateBidGroup(group.id);
  const { min, max } = winAtMostRange(group.lots.length, group.wins);
  const [draft, setDraft] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const numbers = Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i);
  if (!numbers.includes(group.winAtMost)) numbers.push(group.winAtMost);
  numbers.sort((a, b) => a - b);
  // Nothing to choose (a group of 2 lots wins 1).
  if (numbers.length < 2) return null;
  const value = draft ?? group.winAtMost;
  const changed = value !== group.winAtMost;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending || !changed) return;
    setError(null);
    setSaved(null);
    update.mutate(
      { winAtMost: value },
      {
        onSuccess: ({ group: now }) => {
          setDraft(null);
          setSaved(now.winAtMost);
        },
        onError: (e) => setError(errorMessageOf(e)),
      },
    );
  }

  const lotsText = `${group.lots.length} ${group.lots.length === 1 ? 'lot' : 'lots'}`;
  const hint = !changed
    ? group.wins > 0
      ? `From ${min} (won so far) to ${max} (fewer than the ${lotsText}).`
      : `From ${min} to ${max} (fewer than the ${lotsText}).`
    : value <= group.wins
      ? `The group has won ${group.wins}: at ${value} it is done at once and its waiting lots are dropped.`
      : `You will win at most ${value}. Bids are binding.`;

  return (
    <form onSubmit={submit} noValidate className="mt-3" data-testid="bid-group-win-at-most">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <label htmlFor={id} className="text-sm font-semibold text-ink-900">
          Win at most
        </label>
        <div className="flex items-center gap-2">
          <select
            id={id}
            value={value}
            onChange={(e) => {
              setDraft(Number(e.target.value));
              setError(null);
              setSaved(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            className={clsx(inputClasses, 'w-20 tabular-nums')}
          >
            {numbers.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <Button type="submit" size="md" variant="secondary" loading={update.isPending} disabled={!changed}>
            Save
            <span className="sr-only">: win at most</span>
          </Button>
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-ink-600">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 flex items-start gap-1.5 text-sm text-danger-700">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : null}
      <p role="status" className={clsx(saved !== null && 'mt-1 text-sm font-medium text-brand-800')}>
        {saved !== null ? `Saved: the group now wins at most ${saved}.` : ''}
      </p>
    </form>
  );
}

/** A lot's new maximum: a placed one may only go up (it is a bid); a waiting one either way. */
function MaximumForm({
  groupId,
  lot,
  placed,
  onClose,
}: {
  groupId: string;
  lot: BidGroupLot;
  placed: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const update = useUpdateBidGroup(groupId);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    if (amount.trim() === '') {
      setError('Enter your new maximum.');
      return;
    }
    setError(null);
    update.mutate(
      { set: [{ auctionId: lot.auctionId, amount: amount.trim() }] },
      { onSuccess: onClose, onError: (e) => setError(errorMessageOf(e)) },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink-900">
        New maximum for {lot.card.title}
      </label>
      <div className="flex flex-wrap gap-2">
        <div className="relative w-36">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-ink-600"
          >
            $
          </span>
          <input
            id={id}
            // biome-ignore lint/a11y/noAutofocus: the shopper just asked to change this maximum
            autoFocus
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            className={clsx(inputClasses, 'pl-7 tabular-nums')}
          />
        </div>
        <Button type="submit" size="md" loading={update.isPending}>
          Save
        </Button>
        <Button size="md" variant="ghost" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-ink-600">
        Now {formatCents(lot.maxBidCents)}.
        {placed ? ' This maximum is placed: it can only go up (bids are binding).' : ''}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="flex items-start gap-1.5 text-sm text-danger-700">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : null}
    </form>
  );
}

function CancelGroup({ group }: { group: BidGroup }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelBidGroup(group.id);
  const [error, setError] = useState<string | null>(null);
  const placed = group.lots.filter((l) => l.state === 'live' || l.state === 'outbid').length;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (cancel.isPending) return;
        setOpen(next);
        setError(null);
      }}
    >
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Cancel group
      </Button>
      <DialogContent className="max-w-md p-5 sm:p-6">
        <DialogTitle className="pr-10 text-lg font-bold text-ink-950">Cancel this group?</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-ink-700">
          Lots still waiting are dropped: no bid is placed on them. Maximums already placed stay, because bids
          are binding: you may still win{' '}
          {placed === 1 ? 'that lot' : placed > 1 ? `those ${placed} lots` : 'a lot you hold a maximum on'}.
        </DialogDescription>
        {error ? (
          <p role="alert" className="mt-3 text-sm text-danger-700">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={cancel.isPending}>
              Keep the group
            </Button>
          </DialogClose>
          <Button
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => setOpen(false),
                onError: (e) => setError(errorMessageOf(e)),
              })
            }
          >
            Cancel the group
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
