import { DropFormValues, dropInputFromForm } from '@rebound/contract/admin-auctions';
import type { AdminProductRow } from '@rebound/contract/admin-catalogue';
import { type DropLotErrors, type DropLotText, dropLotsFromForm } from '@rebound/contract/drop-lots';
import {
  dateToVancouverLocal,
  dropEndTimes,
  SCHEDULING_LIMITS,
  vancouverLocalToDate,
} from '@rebound/core/scheduling';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AuctionFields, NEW_LOT_SETTINGS } from '../../../components/admin/AuctionFields';
import { useContractForm } from '../../../components/admin/form';
import { Button } from '../../../components/ui/Button';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateDrop, useLocations } from '../api';
import { CatalogueSearchFields, Thumb, useCatalogueSearch } from './CatalogueSearch';
import { DropLots } from './DropLots';
import { BackLink } from './shared';

type Picked = Pick<AdminProductRow, 'id' | 'title' | 'sku' | 'thumbnailUrl'>;

/** /admin/auctions/drops/new: many lots, one start, ends staggered lot by lot. */
export function DropFormPage() {
  useDocumentTitle('New drop · Auctions');
  const locations = useLocations();
  if (locations.isError) {
    return (
      <ErrorState
        title="We could not load this form"
        message={errorMessageOf(locations.error)}
        onRetry={() => void locations.refetch()}
      />
    );
  }
  if (locations.isPending) {
    return (
      <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  return <DropFormBody locations={locations.data.locations} />;
}

function DropFormBody({ locations }: { locations: readonly { id: string; name: string }[] }) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [pickError, setPickError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // Each lot's own starting bid and reserve as typed ('' takes the drop's), by product.
  const [lotText, setLotText] = useState<Record<string, DropLotText>>({});
  const [lotErrors, setLotErrors] = useState<DropLotErrors>({});
  const create = useCreateDrop();
  const now = new Date();
  const form = useContractForm(DropFormValues, {
    title: '',
    start: dateToVancouverLocal(now),
    firstEnd: dateToVancouverLocal(new Date(now.getTime() + 2 * 24 * 60 * 60_000)),
    staggerSeconds: '30',
    ...NEW_LOT_SETTINGS,
    locationId: locations[0]?.id ?? '',
  });
  const { register, handleSubmit, formState, watch } = form;
  const errors = formState.errors;
  const firstEnd = vancouverLocalToDate(watch('firstEnd') ?? '');
  const stagger = Number(watch('staggerSeconds'));
  const ends =
    firstEnd && Number.isInteger(stagger) && stagger >= 0
      ? dropEndTimes(firstEnd.getTime(), stagger, picked.length)
      : null;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (picked.length === 0) {
      setPickError('Please choose at least one product.');
      return;
    }
    const ids = picked.map((p) => p.id);
    const base = dropInputFromForm(values, ids);
    const { lots, errors: lotProblems } = dropLotsFromForm(ids, lotText, {
      startingBidCents: base.startingBidCents,
      reserveCents: base.reservePriceCents ?? null,
    });
    setLotErrors(lotProblems);
    const firstBad = picked.findIndex((p) => lotProblems[p.id]);
    if (firstBad >= 0) {
      const bad = picked[firstBad]!;
      const problem = lotProblems[bad.id]!;
      setFormError(`Lot ${firstBad + 1} (${bad.title}): ${problem.startingBid ?? problem.reserve}`);
      return;
    }
    try {
      const drop = await create.mutateAsync(lots.length > 0 ? { ...base, lots } : base);
      toast.success(`Drop scheduled: ${drop.lots.length} lots`);
      navigate(`/admin/auctions?dropId=${drop.id}&sort=end&dir=asc`);
    } catch (err) {
      setFormError(errorMessageOf(err));
    }
  });

  const toggle = (p: Picked) => {
    setPickError(null);
    setPicked((cur) => (cur.some((x) => x.id === p.id) ? cur.filter((x) => x.id !== p.id) : [...cur, p]));
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <BackLink to="/admin/auctions">Auctions</BackLink>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-ink-950">New drop</h1>
        <p className="mt-1 text-sm text-ink-700">
          Every lot opens at the same time; the first ends at the first end, and each next one the stagger
          later, so shoppers can follow the close. Times are the store's (Vancouver).
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <ManyProductPicker
          picked={picked}
          onToggle={toggle}
          onAdd={(ps) => setPicked((cur) => [...cur, ...ps.filter((p) => !cur.some((c) => c.id === p.id))])}
          error={pickError}
        />
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Drop settings"
          className="flex flex-col gap-4 rounded-card bg-white p-5 ring-1 ring-ink-200"
        >
          <h2 className="text-base font-semibold text-ink-950">Drop</h2>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <TextField label="Name" required error={errors.title?.message} {...register('title')} />
          <AuctionFields
            register={register}
            errors={errors as never}
            end={{ name: 'firstEnd', label: 'First lot ends' }}
            incrementMode={watch('incrementMode')}
            locations={locations}
          >
            <TextField
              label="Stagger (seconds)"
              required
              inputMode="numeric"
              className="sm:max-w-[50%]"
              hint={`Between lot ends, 0 to ${SCHEDULING_LIMITS.maxStaggerSeconds.toLocaleString('en-CA')}. 30 s lets shoppers follow one close at a time.`}
              error={errors.staggerSeconds?.message}
              {...register('staggerSeconds')}
            />
          </AuctionFields>
          <section aria-labelledby="preview-h" className="rounded-xl bg-ink-50 p-3 ring-1 ring-ink-200/70">
            <h3 id="preview-h" className="text-sm font-semibold text-ink-900">
              Lots, end times and amounts ({picked.length} {picked.length === 1 ? 'lot' : 'lots'})
            </h3>
            {picked.length === 0 ? (
              <p className="mt-1 text-sm text-ink-600">Choose products to see when each lot ends.</p>
            ) : (
              <>
                <p className="mt-1 text-xs text-ink-600">
                  Each lot may have its own starting bid and reserve; an empty one takes the drop's.
                  {ends ? '' : ' Enter the first end and the stagger to see when each lot ends.'}
                </p>
                <DropLots
                  lots={picked}
                  ends={ends}
                  typed={lotText}
                  onType={(id, text) => {
                    setLotText((cur) => ({ ...cur, [id]: text }));
                    setLotErrors(({ [id]: _, ...rest }) => rest);
                  }}
                  errors={lotErrors}
                  commonStartingBid={watch('startingBid') ?? ''}
                  commonReserve={watch('reserve') ?? ''}
                />
              </>
            )}
          </section>
          <div className="flex flex-wrap items-center gap-3 border-t border-ink-100 pt-4">
            <Button type="submit" loading={formState.isSubmitting}>
              Schedule drop
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** Search the catalogue and tick products; the order ticked is the lot order. */
function ManyProductPicker({
  picked,
  onToggle,
  onAdd,
  error,
}: {
  picked: Picked[];
  onToggle: (p: Picked) => void;
  onAdd: (ps: Picked[]) => void;
  error: string | null;
}) {
  const search = useCatalogueSearch(100);
  const results = search.results;
  const id = useId();
  const items = results.data?.items ?? [];
  const chosen = new Set(picked.map((p) => p.id));

  return (
    <section
      className="flex flex-col gap-4 rounded-card bg-white p-5 ring-1 ring-ink-200"
      aria-labelledby={`${id}-h`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-h`} className="text-base font-semibold text-ink-950">
          Lots
        </h2>
        <p className="text-sm text-ink-700" aria-live="polite">
          {picked.length} chosen (up to {SCHEDULING_LIMITS.maxDropLots})
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
      <CatalogueSearchFields id={id} search={search} />
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-ink-600">
          {results.data
            ? `${results.data.total} found${results.data.total > items.length ? `, first ${items.length} shown` : ''}`
            : ' '}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={items.length === 0 || items.every((p) => chosen.has(p.id))}
          onClick={() => onAdd(items)}
        >
          Select all shown
        </Button>
      </div>
      <ul
        className="flex max-h-[28rem] flex-col divide-y divide-ink-100 overflow-y-auto"
        aria-label="Products"
        aria-busy={results.isFetching}
      >
        {results.isPending ? (
          <li className="py-2">
            <Skeleton className="h-10 w-full" />
          </li>
        ) : results.isError ? (
          <li className="py-2 text-sm text-danger-700">{errorMessageOf(results.error)}</li>
        ) : items.length === 0 ? (
          <li className="py-3 text-sm text-ink-600">No products match. Try another word or status.</li>
        ) : (
          items.map((p) => (
            <li key={p.id}>
              <label className="flex cursor-pointer items-center gap-3 py-2">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={chosen.has(p.id)}
                  onChange={() => onToggle(p)}
                />
                <Thumb url={p.thumbnailUrl} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-ink-950">{p.title}</span>
                  <span className="block text-xs text-ink-600">{p.sku}</span>
                </span>
              </label>
            </li>
          ))
        )}
      </ul>
      {picked.length > 0 ? (
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">Chosen lots</legend>
          {picked.map((p, i) => (
            <span
              key={p.id}
              className="inline-flex items-center gap-1 rounded-full bg-ink-100 py-0.5 pr-1 pl-2.5 text-xs text-ink-900"
            >
              {i + 1}. {p.title}
              <button
                type="button"
                onClick={() => onToggle(p)}
                className="rounded-full p-0.5 hover:bg-ink-200 focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label={`Remove ${p.title}`}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </span>
          ))}
        </fieldset>
      ) : null}
    </section>
  );
}
