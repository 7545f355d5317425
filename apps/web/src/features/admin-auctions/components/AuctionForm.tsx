import {
  type AdminAuctionDetail,
  AuctionFormValues,
  auctionFormFromSettings,
  auctionSettingsFromForm,
} from '@rebound/contract/admin-auctions';
import { ADMIN_PRODUCT_STATUS_LABELS } from '@rebound/contract/admin-catalogue';
import { productSku } from '@rebound/core/catalog';
import { dateToVancouverLocal } from '@rebound/core/scheduling';
import { useId, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AuctionFields, NEW_LOT_SETTINGS } from '../../../components/admin/AuctionFields';
import { useContractForm } from '../../../components/admin/form';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useAuction,
  useCreateAuction,
  useLocations,
  useProductSummary,
  useRelistAuction,
  useUpdateAuction,
} from '../api';
import { CatalogueSearchFields, SCHEDULABLE, Thumb, useCatalogueSearch } from './CatalogueSearch';
import { BackLink } from './shared';

const WEEK_MS = 7 * 24 * 60 * 60_000;

/** A new auction's defaults: starting now, a week long, $1.00, the site's increments, 60 s soft close. */
export function newAuctionDefaults(locationId: string): AuctionFormValues {
  const now = new Date();
  return {
    start: dateToVancouverLocal(now),
    end: dateToVancouverLocal(new Date(now.getTime() + WEEK_MS)),
    ...NEW_LOT_SETTINGS,
    locationId,
  };
}

type Mode = 'new' | 'edit' | 'relist';

/** /admin/auctions/new, /admin/auctions/:id/edit and /admin/auctions/:id/relist. */
export function AuctionFormPage({ mode }: { mode: Mode }) {
  const { id } = useParams();
  const auction = useAuction(mode === 'new' ? undefined : id);
  const locations = useLocations();
  const title = mode === 'new' ? 'Schedule auction' : mode === 'edit' ? 'Edit auction' : 'Relist';
  useDocumentTitle(`${title} · Auctions`);

  if ((mode !== 'new' && auction.isError) || locations.isError) {
    return (
      <ErrorState
        title="We could not load this form"
        message={errorMessageOf(auction.error ?? locations.error)}
        onRetry={() => {
          void auction.refetch();
          void locations.refetch();
        }}
      />
    );
  }
  if ((mode !== 'new' && auction.isPending) || locations.isPending) {
    return (
      <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  return (
    <AuctionFormBody
      mode={mode}
      auction={auction.data}
      locations={locations.data?.locations ?? []}
      title={title}
    />
  );
}

function AuctionFormBody({
  mode,
  auction,
  locations,
  title,
}: {
  mode: Mode;
  auction: AdminAuctionDetail | undefined;
  locations: readonly { id: string; name: string }[];
  title: string;
}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [productId, setProductId] = useState<string | null>(params.get('productId'));
  const [productError, setProductError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateAuction();
  const update = useUpdateAuction(auction?.id ?? '');
  const relist = useRelistAuction(auction?.id ?? '');
  const defaults =
    mode === 'edit' && auction
      ? auctionFormFromSettings({ ...auction, locationId: auction.location.id })
      : mode === 'relist' && auction
        ? {
            ...newAuctionDefaults(auction.location.id),
            ...pickMoney(auctionFormFromSettings({ ...auction, locationId: auction.location.id })),
          }
        : newAuctionDefaults(locations[0]?.id ?? '');
  const form = useContractForm(AuctionFormValues, defaults);
  const { register, handleSubmit, formState, watch } = form;
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const settings = auctionSettingsFromForm(values);
    try {
      let saved: AdminAuctionDetail;
      if (mode === 'new') {
        if (!productId) {
          setProductError('Please choose the product to auction.');
          return;
        }
        saved = await create.mutateAsync({ ...settings, productId });
        toast.success('Auction scheduled');
      } else if (mode === 'edit') {
        saved = await update.mutateAsync(settings);
        toast.success('Auction saved');
      } else {
        saved = await relist.mutateAsync(settings);
        toast.success('Relisted: a new auction is scheduled');
      }
      navigate(`/admin/auctions/${saved.id}`, { replace: mode !== 'edit' });
    } catch (err) {
      setFormError(errorMessageOf(err));
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <BackLink to={auction ? `/admin/auctions/${auction.id}` : '/admin/auctions'}>
          {auction ? auction.product.title : 'Auctions'}
        </BackLink>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-ink-950">{title}</h1>
        <p className="mt-1 text-sm text-ink-700">
          Times are the store's (Vancouver). A start in the past few minutes opens the auction now.
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        {mode === 'new' ? (
          <ProductPicker
            value={productId}
            onChange={(id) => {
              setProductId(id);
              setProductError(null);
            }}
            error={productError}
          />
        ) : (
          <section className="rounded-card bg-white p-5 ring-1 ring-ink-200" aria-label="Product">
            <h2 className="text-base font-semibold text-ink-950">Product</h2>
            <p className="mt-2 font-medium text-ink-900">{auction?.product.title}</p>
            <p className="text-sm text-ink-600">{auction?.product.sku}</p>
          </section>
        )}
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Auction settings"
          className="flex flex-col gap-4 rounded-card bg-white p-5 ring-1 ring-ink-200"
        >
          <h2 className="text-base font-semibold text-ink-950">Schedule and bidding</h2>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <AuctionFields
            register={register}
            errors={errors as never}
            end={{ name: 'end', label: 'Ends' }}
            incrementMode={watch('incrementMode')}
            locations={locations}
          />
          <div className="flex flex-wrap items-center gap-3 border-t border-ink-100 pt-4">
            <Button type="submit" loading={formState.isSubmitting}>
              {mode === 'new' ? 'Schedule auction' : mode === 'edit' ? 'Save changes' : 'Schedule relist'}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** Keeps an auction's money settings for its relist; the times start over. */
function pickMoney(v: AuctionFormValues): Partial<AuctionFormValues> {
  const { startingBid, incrementMode, increment, reserve, softCloseSeconds } = v;
  return { startingBid, incrementMode, increment, reserve, softCloseSeconds };
}

/** Search the catalogue for one product that may be auctioned (draft, unsold, to relist). */
function ProductPicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error: string | null;
}) {
  const search = useCatalogueSearch(10);
  const results = search.results;
  const chosen = useProductSummary(value);
  const searchId = useId();
  const errorId = useId();

  return (
    <section
      className="flex flex-col gap-4 rounded-card bg-white p-5 ring-1 ring-ink-200"
      aria-labelledby={`${searchId}-h`}
    >
      <h2 id={`${searchId}-h`} className="text-base font-semibold text-ink-950">
        Product
      </h2>
      {value ? (
        <div className="flex items-center gap-3 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-200">
          <Thumb url={chosen.data?.images[0]?.url ?? null} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-ink-950" data-testid="chosen-product">
              {chosen.data?.title ?? 'Loading…'}
            </p>
            <p className="text-xs text-ink-600">
              {chosen.data
                ? `${productSku(chosen.data)} · ${ADMIN_PRODUCT_STATUS_LABELS[chosen.data.status]}`
                : null}
            </p>
          </div>
          <Button variant="secondary" size="sm" onClick={() => onChange(null)}>
            Change
          </Button>
        </div>
      ) : (
        <>
          {error ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-danger-700">
              {error}
            </p>
          ) : null}
          <CatalogueSearchFields id={searchId} search={search} />
          <ul
            className="flex flex-col divide-y divide-ink-100"
            aria-label="Products"
            aria-busy={results.isFetching}
          >
            {results.isPending ? (
              <li className="py-2">
                <Skeleton className="h-10 w-full" />
              </li>
            ) : results.isError ? (
              <li className="py-2 text-sm text-danger-700">{errorMessageOf(results.error)}</li>
            ) : results.data?.items.length === 0 ? (
              <li className="py-3 text-sm text-ink-600">No products match. Try another word or status.</li>
            ) : (
              results.data?.items.map((p) => (
                <li key={p.id} className="flex items-center gap-3 py-2">
                  <Thumb url={p.thumbnailUrl} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-ink-950">{p.title}</p>
                    <p className="text-xs text-ink-600">{p.sku}</p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onChange(p.id)}
                    aria-label={`Choose ${p.title}`}
                  >
                    Choose
                  </Button>
                </li>
              ))
            )}
          </ul>
        </>
      )}
      {value && chosen.data && !SCHEDULABLE.includes(chosen.data.status as never) ? (
        <Badge tone="danger">This product cannot be auctioned now</Badge>
      ) : null}
    </section>
  );
}
