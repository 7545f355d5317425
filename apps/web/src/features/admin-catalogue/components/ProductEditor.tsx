import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_PRODUCT_STATUS_LABELS,
  type AdminProduct,
  ProductFormValues,
  productInputFromForm,
} from '@rebound/contract/admin-catalogue';
import type { Category } from '@rebound/contract/catalog';
import type { NonReturnableKind, SaleTerms } from '@rebound/contract/returns';
import { CONDITION_LABELS, PRODUCT_CONDITIONS, productSku } from '@rebound/core/catalog';
import { conditionGrade } from '@rebound/core/condition-rubric';
import { displayGtin } from '@rebound/core/item-identity';
import { ExternalLink, Lock, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { AdminBackLink, AdminDetailFrame } from '../../../components/admin/DetailFrame';
import { CategorySelect, IdentityFields, ReturnTermsFields } from '../../../components/admin/ProductFields';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/Field';
import { SelectField, TextAreaField } from '../../../components/ui/FormFields';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCategories, useProduct, useSaveProduct, useWithdrawProduct } from '../api';
import { ImageManager } from './ImageManager';

const dollars = (cents: number) => (cents / 100).toFixed(2);

function formValuesOf(p: AdminProduct | undefined): ProductFormValues {
  return {
    title: p?.title ?? '',
    brand: p?.brand ?? '',
    description: p?.description ?? '',
    categoryId: p?.categoryId ?? '',
    condition: p?.condition ?? 'like_new',
    retail: p ? dollars(p.retailPriceCents) : '',
    resale: p ? dollars(p.resalePriceCents) : '',
    sku: p?.sku ?? '',
    // The stored 14 digits as people read them (a UPC-A when it is one).
    gtin: p?.gtin ? displayGtin(p.gtin) : '',
    model: p?.model ?? '',
    isFeatured: p?.isFeatured ?? false,
    deskNotes: p?.deskNotes ?? '',
  };
}

/** /admin/catalogue/new and /admin/catalogue/:id: the product's fields, photos and withdrawal. */
export function ProductEditor() {
  const { id } = useParams();
  const product = useProduct(id);
  useDocumentTitle(`${id ? (product.data?.title ?? 'Product') : 'New product'} · Catalogue`);

  const back = { to: '/admin/catalogue', label: 'All products' };
  if (!id) {
    return (
      <>
        <AdminBackLink to={back.to}>{back.label}</AdminBackLink>
        <EditorBody key="new" product={undefined} />
      </>
    );
  }
  return (
    <AdminDetailFrame
      query={product}
      back={back}
      what="product"
      notFound={{
        title: 'Product not found',
        message: 'It may have been removed; search the catalogue again.',
      }}
    >
      {(p) => <EditorBody key={id} product={p} />}
    </AdminDetailFrame>
  );
}

/**
 * The form waits for the category list: a <select> whose value arrives before its options shows
 * the first option instead, and saving would then clear the product's category.
 */
function EditorBody({ product }: { product: AdminProduct | undefined }) {
  const categories = useCategories();
  if (categories.isPending) {
    return (
      <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading product">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  return <EditorForm product={product} categories={categories.data?.categories ?? []} />;
}

function EditorForm({ product, categories }: { product: AdminProduct | undefined; categories: Category[] }) {
  const navigate = useNavigate();
  const save = useSaveProduct(product?.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(ProductFormValues),
    defaultValues: formValuesOf(product),
  });
  const { register, handleSubmit, formState, watch, reset, setError } = form;
  // Sale terms and the never-returnable kind travel beside the form's values (ProductInput's own
  // fields; the form schema has no dollars to parse for them).
  const [saleTerms, setSaleTerms] = useState<SaleTerms>(product?.saleTerms ?? 'standard');
  const [kind, setKind] = useState<NonReturnableKind | null>(product?.nonReturnableKind ?? null);
  const returnsDirty =
    saleTerms !== (product?.saleTerms ?? 'standard') || kind !== (product?.nonReturnableKind ?? null);
  const errors = formState.errors;
  const condition = watch('condition');
  const grade = conditionGrade(condition);
  // Shoppers are bidding: what they relied on is locked (the server refuses it too; decision 027).
  const locked =
    product?.auction != null &&
    (product.auction.status === 'live' || product.auction.status === 'scheduled') &&
    product.auction.bidCount > 0;
  const lockedHint = locked ? 'Locked: shoppers are bidding on this.' : undefined;
  const lockedClass = locked ? 'bg-ink-50 text-ink-700' : undefined;
  const formErrorId = useId();

  useEffect(() => {
    if (product) {
      reset(formValuesOf(product));
      setSaleTerms(product.saleTerms);
      setKind(product.nonReturnableKind);
    }
  }, [product, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({
        ...productInputFromForm(values),
        saleTerms,
        nonReturnableKind: kind,
      });
      toast.success(product ? 'Product saved' : 'Product created. Add its photos below.');
      if (!product) navigate(`/admin/catalogue/${saved.id}`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'sku_taken') setError('sku', { message: err.message });
      else if (err instanceof ApiError && err.code === 'category_not_found')
        setError('categoryId', { message: err.message });
      else setFormError(errorMessageOf(err));
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-ink-950">
            {product ? product.title : 'New product'}
          </h1>
          {product ? (
            <Badge tone={product.status === 'withdrawn' ? 'danger' : 'neutral'}>
              {ADMIN_PRODUCT_STATUS_LABELS[product.status]}
            </Badge>
          ) : null}
          {product && ['draft', 'unsold', 'to_relist'].includes(product.status) ? (
            <ButtonLink to={`/admin/auctions/new?productId=${product.id}`} size="sm">
              Schedule auction
            </ButtonLink>
          ) : null}
          {product && ['auctioned', 'sold', 'unsold'].includes(product.status) ? (
            <a
              href={`/product/${product.slug}`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
            >
              Shop page <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </div>
        {product && (product.gtin || product.model) ? (
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-700">
            {product.gtin ? (
              <div className="flex gap-1">
                <dt>GTIN</dt>
                <dd className="font-mono text-ink-950">{displayGtin(product.gtin)}</dd>
              </div>
            ) : null}
            {product.model ? (
              <div className="flex gap-1">
                <dt>Model</dt>
                <dd className="font-mono text-ink-950">{product.model}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </div>

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]">
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-4 rounded-card bg-white p-5 ring-1 ring-ink-200"
          aria-label="Product details"
        >
          <h2 className="text-base font-semibold text-ink-950">Details</h2>
          {formError ? (
            <p
              id={formErrorId}
              role="alert"
              className="flex items-start gap-2 rounded-lg bg-danger-50 p-3 text-sm text-danger-800 ring-1 ring-danger-200"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {formError}
            </p>
          ) : null}
          {locked ? (
            <p className="flex items-start gap-2 rounded-lg bg-gold-100 p-3 text-sm text-ink-900 ring-1 ring-gold-800/20">
              <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Shoppers are bidding on this product ({product?.auction?.bidCount} bids), so its title, brand,
                condition and prices are locked. You can add to the end of the description and change the
                photos, category, SKU, featured flag and desk notes.
              </span>
            </p>
          ) : null}
          <TextField
            label="Title"
            required
            readOnly={locked}
            hint={lockedHint}
            inputClassName={lockedClass}
            error={errors.title?.message}
            {...register('title')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Brand"
              readOnly={locked}
              hint={lockedHint}
              inputClassName={lockedClass}
              error={errors.brand?.message}
              {...register('brand')}
            />
            <TextField
              label="SKU"
              hint={
                product && product.sku === null
                  ? `Empty: pages show ${productSku(product)}. Letters, digits, dots, dashes; unique.`
                  : 'Letters, digits, dots, dashes; unique.'
              }
              placeholder={product ? productSku({ sku: null, slug: product.slug }) : undefined}
              error={errors.sku?.message}
              inputClassName="font-mono"
              autoCapitalize="characters"
              spellCheck={false}
              {...register('sku')}
            />
          </div>
          <IdentityFields
            gtin={register('gtin')}
            model={register('model')}
            errors={{ gtin: errors.gtin?.message, model: errors.model?.message }}
          />
          <CategorySelect
            categories={categories}
            error={errors.categoryId?.message}
            field={register('categoryId')}
          />
          <div>
            {locked ? (
              // Not registered: the saved condition is sent as it was loaded.
              <TextField
                label="Condition"
                readOnly
                hint={lockedHint}
                inputClassName={lockedClass}
                value={CONDITION_LABELS[condition]}
              />
            ) : (
              <SelectField
                label="Condition"
                required
                error={errors.condition?.message}
                {...register('condition')}
              >
                {PRODUCT_CONDITIONS.map((c) => (
                  <option key={c} value={c}>
                    {CONDITION_LABELS[c]}
                  </option>
                ))}
              </SelectField>
            )}
            <div className="mt-2 rounded-lg bg-ink-50 p-3 text-sm ring-1 ring-ink-200/70" aria-live="polite">
              <p className="font-semibold text-ink-900">
                {CONDITION_LABELS[condition]}: {grade.summary}
              </p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-ink-700">
                {grade.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
              <p className="mt-1.5 text-xs text-ink-600">Shoppers see this rubric on the product page.</p>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Retail price ($)"
              required
              readOnly={locked}
              hint={lockedHint}
              inputClassName={lockedClass}
              inputMode="decimal"
              error={errors.retail?.message}
              {...register('retail')}
            />
            <TextField
              label="Resale price ($)"
              required
              readOnly={locked}
              hint={lockedHint}
              inputClassName={lockedClass}
              inputMode="decimal"
              error={errors.resale?.message}
              {...register('resale')}
            />
          </div>
          <TextAreaField
            label="Description"
            rows={5}
            hint={locked ? 'Shoppers are bidding: add to the end; the text they read stays.' : undefined}
            error={errors.description?.message}
            {...register('description')}
          />
          <TextAreaField
            label="Desk notes"
            hint="For staff and the pickup desk only, e.g. shelf location. Never shown to shoppers."
            rows={2}
            error={errors.deskNotes?.message}
            {...register('deskNotes')}
          />
          <ReturnTermsFields
            saleTerms={{
              value: saleTerms,
              onChange: (e) => setSaleTerms(e.target.value as SaleTerms),
              hint: 'Final Sale and As-Is items cannot be returned; shoppers are told so on their order.',
            }}
            nonReturnableKind={{
              value: kind ?? '',
              onChange: (e) => setKind((e.target.value || null) as NonReturnableKind | null),
            }}
          />
          <label className="flex items-center gap-2.5 text-sm font-medium text-ink-900">
            <input type="checkbox" className="size-4 accent-brand-700" {...register('isFeatured')} />
            Featured on the drops page
          </label>
          <div className="flex flex-wrap items-center gap-3 border-t border-ink-100 pt-4">
            <Button type="submit" loading={formState.isSubmitting}>
              {product ? 'Save changes' : 'Create product'}
            </Button>
            {product && (formState.isDirty || returnsDirty) ? (
              <span className="text-sm text-ink-600">Unsaved changes</span>
            ) : null}
          </div>
        </form>

        <div className="flex flex-col gap-6">
          {product ? (
            <ImageManager product={product} />
          ) : (
            <section className="rounded-card border border-dashed border-ink-300 bg-white/60 p-5 text-sm text-ink-700">
              <h2 className="text-base font-semibold text-ink-950">Photos</h2>
              <p className="mt-1">Create the product first; then add its photos here.</p>
            </section>
          )}
          {product && product.status !== 'withdrawn' ? <WithdrawPanel product={product} /> : null}
        </div>
      </div>
    </div>
  );
}

function WithdrawPanel({ product }: { product: AdminProduct }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const withdraw = useWithdrawProduct(product.id);
  const hasBids =
    product.auction && ['scheduled', 'live'].includes(product.auction.status) && product.auction.bidCount > 0;
  return (
    <section className="rounded-card bg-white p-5 ring-1 ring-ink-200" aria-labelledby="withdraw-heading">
      <h2 id="withdraw-heading" className="text-base font-semibold text-ink-950">
        Withdraw
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        {hasBids
          ? 'Its auction has bids: cancel the auction first (bidders are told).'
          : 'Takes the product off the shop; an open auction without bids is cancelled with it.'}
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={() => setOpen(true)}>
        Withdraw product…
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md p-6">
          <DialogTitle className="text-lg font-semibold text-ink-950">
            Withdraw “{product.title}”?
          </DialogTitle>
          <DialogDescription className="mt-2 text-sm text-ink-700">
            Shoppers will no longer see it. This is recorded in the audit log.
          </DialogDescription>
          <TextField
            label="Reason (optional)"
            className="mt-4"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
          />
          {withdraw.isError ? (
            <p role="alert" className="mt-3 text-sm text-danger-800">
              {errorMessageOf(withdraw.error)}
            </p>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button
              loading={withdraw.isPending}
              className="bg-danger-700 hover:bg-danger-800"
              onClick={() =>
                withdraw.mutate(reason.trim(), {
                  onSuccess: () => {
                    setOpen(false);
                    toast.success('Product withdrawn');
                  },
                })
              }
            >
              Withdraw
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
