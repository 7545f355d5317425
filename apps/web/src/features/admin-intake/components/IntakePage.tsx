import { zodResolver } from '@hookform/resolvers/zod';
import { IMAGE_UPLOAD_LIMITS } from '@rebound/contract/admin-catalogue';
import { IntakeFormValues, type IntakeLookup, intakeInputFromForm } from '@rebound/contract/admin-intake';
import type { Category } from '@rebound/contract/catalog';
import { CONDITION_LABELS, PRODUCT_CONDITIONS } from '@rebound/core/catalog';
import { conditionGrade } from '@rebound/core/condition-rubric';
import { displayGtin } from '@rebound/core/item-identity';
import { clsx } from 'clsx';
import { Camera, CircleCheck, PackageSearch, ScanBarcode, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { CategorySelect, IdentityFields, ReturnTermsFields } from '../../../components/admin/ProductFields';
import { PhotoPicker } from '../../../components/PhotoPicker';
import { Button } from '../../../components/ui/Button';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { TextAreaField } from '../../../components/ui/FormFields';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useCategories, useLookUp, useReceiveUnit } from '../api';

// The receiving bench (docs/product.md "Intake"): scan, set what is this unit's own, save, scan the
// next. The camera's code (and its barcode reader) is a chunk of its own, loaded when asked for.
const CameraScanner = lazy(() => import('./CameraScanner'));

const PHOTO_LIMITS = {
  maxFiles: IMAGE_UPLOAD_LIMITS.maxFilesPerUpload,
  maxFileBytes: IMAGE_UPLOAD_LIMITS.maxFileBytes,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'],
};

const dollars = (cents: number) => (cents / 100).toFixed(2);

type Saved = { id: string; title: string; sku: string; photos: number; photoProblem: string | null };

function formValuesOf(lookup: IntakeLookup): IntakeFormValues {
  const blank = {
    title: '',
    brand: '',
    description: '',
    categoryId: '',
    // Chosen for each unit: never carried over from the last one.
    condition: '' as IntakeFormValues['condition'],
    retail: '',
    resale: '',
    sku: '',
    deskNotes: '',
    gtin: '',
    model: '',
    saleTerms: 'standard' as const,
    nonReturnableKind: '' as const,
  };
  if (!lookup.found) {
    return {
      ...blank,
      gtin: lookup.gtin ? displayGtin(lookup.gtin) : '',
      model: lookup.model ?? '',
    };
  }
  const item = lookup.item;
  return {
    ...blank,
    title: item.title,
    brand: item.brand,
    description: item.description,
    categoryId: item.categoryId ?? '',
    retail: dollars(item.retailPriceCents),
    resale: dollars(item.resalePriceCents),
    gtin: item.gtin ? displayGtin(item.gtin) : '',
    model: item.model ?? '',
    saleTerms: item.saleTerms,
    nonReturnableKind: item.nonReturnableKind ?? '',
  };
}

export default function IntakePage() {
  const [lookup, setLookup] = useState<IntakeLookup | null>(null);
  const [lastSaved, setLastSaved] = useState<Saved | null>(null);
  // Each lookup opens a fresh form.
  const [round, setRound] = useState(0);
  const scanInput = useRef<HTMLInputElement>(null);
  const categories = useCategories();

  const backToScan = (saved: Saved | null) => {
    setLookup(null);
    if (saved) setLastSaved(saved);
  };

  // Back at the scanner, the next scan goes straight into the field.
  useEffect(() => {
    if (!lookup) scanInput.current?.focus();
  }, [lookup]);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <AdminPageHeader
        title="Intake"
        description="Scan a unit’s barcode, set its condition, shelf and photos, and save. Then the next."
      />
      {lookup ? (
        <UnitForm
          key={round}
          lookup={lookup}
          categories={categories.data?.categories}
          categoriesError={categories.isError}
          onCancel={() => backToScan(null)}
          onSaved={backToScan}
        />
      ) : (
        <>
          {lastSaved ? <SavedNote saved={lastSaved} /> : null}
          <ScanCard
            inputRef={scanInput}
            onFound={(answer) => {
              setRound((r) => r + 1);
              setLookup(answer);
            }}
          />
        </>
      )}
    </div>
  );
}

function SavedNote({ saved }: { saved: Saved }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-card bg-brand-50 p-4 text-sm text-ink-900 ring-1 ring-brand-200"
    >
      <CircleCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">
          Saved: {saved.title} · SKU <span className="font-mono">{saved.sku}</span>
        </p>
        <p className="mt-0.5 text-ink-700">
          {saved.photos === 0
            ? 'No photos. '
            : saved.photoProblem
              ? null
              : `${saved.photos} ${saved.photos === 1 ? 'photo' : 'photos'}. `}
          <Link to={`/admin/catalogue/${saved.id}`} className="font-medium text-brand-700 hover:underline">
            Open in the catalogue
          </Link>
        </p>
        {saved.photoProblem ? (
          <p className="mt-1 flex items-start gap-1.5 font-medium text-danger-700">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            The photos did not upload ({saved.photoProblem}) Add them in the catalogue.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function ScanCard({
  inputRef,
  onFound,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  onFound: (lookup: IntakeLookup) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const lookUp = useLookUp();

  const submit = async (value: string) => {
    const text = value.trim();
    if (!text) {
      setError('Please scan a barcode or type a GTIN or model number.');
      inputRef.current?.focus();
      return;
    }
    setError(null);
    try {
      onFound(await lookUp.mutateAsync(text));
    } catch (err) {
      setError(errorMessageOf(err));
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  };

  return (
    <section
      aria-labelledby="scan-heading"
      className="flex flex-col gap-4 rounded-card bg-white p-4 ring-1 ring-ink-200 sm:p-5"
    >
      <h2 id="scan-heading" className="flex items-center gap-2 text-base font-semibold text-ink-950">
        <ScanBarcode className="size-5 text-brand-700" aria-hidden="true" />
        Scan
      </h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit(code);
        }}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          ref={inputRef}
          label="Barcode or model number"
          hint="Scan with a barcode scanner, type the digits or model number and press Enter, or use the camera."
          className="min-w-0 flex-1"
          inputClassName="font-mono text-lg tracking-wide"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error ?? undefined}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-busy={lookUp.isPending || undefined}
        />
        <Button type="submit" loading={lookUp.isPending} className="sm:mt-7">
          <PackageSearch aria-hidden="true" />
          {lookUp.isPending ? 'Looking up…' : 'Look up'}
        </Button>
      </form>
      {camera ? (
        <Suspense
          fallback={
            <div role="status" aria-label="Loading the camera" className="aspect-[4/3] w-full">
              <Skeleton className="size-full" />
            </div>
          }
        >
          <CameraScanner
            onDetected={(found) => {
              setCamera(false);
              setCode(found);
              void submit(found);
            }}
            onClose={() => {
              setCamera(false);
              inputRef.current?.focus();
            }}
          />
        </Suspense>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setCamera(true)}>
            <Camera aria-hidden="true" />
            Use camera
          </Button>
        </div>
      )}
    </section>
  );
}

function UnitForm({
  lookup,
  categories,
  categoriesError,
  onCancel,
  onSaved,
}: {
  lookup: IntakeLookup;
  categories: Category[] | undefined;
  categoriesError: boolean;
  onCancel: () => void;
  onSaved: (saved: Saved | null) => void;
}) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState(0);
  const receive = useReceiveUnit(setProgress);
  const [photos, setPhotos] = useState<File[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const after = useRef<'next' | 'open'>('next');
  const conditionName = useId();
  const form = useForm<IntakeFormValues>({
    resolver: zodResolver(IntakeFormValues),
    defaultValues: formValuesOf(lookup),
  });
  const { register, handleSubmit, formState, watch, setError, setFocus } = form;
  const errors = formState.errors;
  const condition = watch('condition');
  const saving = formState.isSubmitting || receive.isPending;
  const item = lookup.found ? lookup.item : null;

  // A known item: this unit's condition first. A new one: its title.
  useEffect(() => {
    setFocus(lookup.found ? 'condition' : 'title');
  }, [lookup.found, setFocus]);

  const detailErrors = Object.keys(errors).filter((k) => k !== 'condition' && k !== 'deskNotes');
  useEffect(() => {
    if (detailErrors.length > 0) setDetailsOpen(true);
  }, [detailErrors.length]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { product, photoError, photoCount } = await receive.mutateAsync({
        input: intakeInputFromForm(values),
        photos,
      });
      const saved: Saved = {
        id: product.id,
        title: product.title,
        sku: product.sku ?? '',
        photos: photoCount,
        photoProblem: photoError ? errorMessageOf(photoError) : null,
      };
      if (after.current === 'open') navigate(`/admin/catalogue/${product.id}`);
      else onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'sku_taken') {
        setDetailsOpen(true);
        setError('sku', { message: err.message }, { shouldFocus: true });
      } else if (err instanceof ApiError && err.code === 'category_not_found') {
        setDetailsOpen(true);
        setError('categoryId', { message: err.message });
      } else setFormError(errorMessageOf(err));
    }
  });

  const itemFields =
    categories === undefined && !categoriesError ? (
      <div role="status" aria-label="Loading categories">
        <Skeleton className="h-64 w-full" />
      </div>
    ) : (
      <ItemFields
        form={form}
        categories={categories ?? []}
        nextSku={lookup.found ? lookup.nextSku : null}
        known={Boolean(item)}
      />
    );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="This unit"
      className="flex flex-col gap-5 rounded-card bg-white p-4 ring-1 ring-ink-200 sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold text-ink-950">
          {item ? item.title : 'New item: not in the catalogue yet'}
        </h2>
        <p className="text-sm text-ink-700">
          {item ? (
            <>
              Known by its {lookup.found && lookup.by === 'gtin' ? 'GTIN' : 'model number'} · {item.unitCount}{' '}
              {item.unitCount === 1 ? 'unit' : 'units'} so far · last SKU{' '}
              <span className="font-mono">{item.sku}</span>. Its details come from the last unit.
            </>
          ) : (
            'Fill in the item’s details once; its next units will copy them.'
          )}
        </p>
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {item ? null : (
        <section aria-labelledby={`${conditionName}-item`} className="flex flex-col gap-4">
          <h3 id={`${conditionName}-item`} className="text-sm font-semibold text-ink-900">
            Item details
          </h3>
          {itemFields}
        </section>
      )}

      <fieldset aria-describedby={errors.condition ? `${conditionName}-error` : undefined}>
        <legend className="text-sm font-semibold text-ink-900">
          Condition of this unit{' '}
          <span className="text-danger-700" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {PRODUCT_CONDITIONS.map((c) => (
            <label
              key={c}
              className={clsx(
                'flex cursor-pointer items-start gap-2.5 rounded-xl p-3 ring-1 ring-inset transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
                condition === c
                  ? 'bg-brand-50 ring-2 ring-brand-700'
                  : 'bg-white ring-ink-200 hover:bg-ink-50',
              )}
            >
              <input
                type="radio"
                value={c}
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
                aria-invalid={errors.condition ? true : undefined}
                {...register('condition')}
              />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-ink-950">{CONDITION_LABELS[c]}</span>
                <span className="block text-xs text-ink-700">{conditionGrade(c).summary}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.condition ? (
          <p
            id={`${conditionName}-error`}
            className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger-700"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {errors.condition.message}
          </p>
        ) : null}
      </fieldset>

      <PhotoPicker
        label="Photos"
        hint="On a phone this opens the camera. Up to 10 photos; they upload once the unit is saved."
        files={photos}
        onChange={setPhotos}
        limits={PHOTO_LIMITS}
        capture="environment"
        disabled={saving}
      />

      <TextField
        label="Desk notes (shelf)"
        placeholder="e.g. Shelf B4, bin 12"
        hint="For staff and the pickup desk only; never shown to shoppers."
        error={errors.deskNotes?.message}
        {...register('deskNotes')}
      />

      {item ? (
        <details
          open={detailsOpen}
          onToggle={(e) => setDetailsOpen(e.currentTarget.open)}
          className="group rounded-xl ring-1 ring-ink-200"
        >
          <summary className="cursor-pointer list-inside rounded-xl px-4 py-3 text-sm font-semibold text-ink-900 hover:bg-ink-50 focus-visible:outline-2 focus-visible:outline-brand-600">
            Item details (from the last unit)
            {detailErrors.length > 0 ? (
              <span className="ml-2 font-medium text-danger-700">· please check</span>
            ) : null}
          </summary>
          <div className="flex flex-col gap-4 border-t border-ink-100 p-4">{itemFields}</div>
        </details>
      ) : null}

      {receive.isPending && photos.length > 0 && progress > 0 ? (
        <p className="text-sm text-ink-700" role="status">
          Uploading photos… {Math.round(progress * 100)}%
        </p>
      ) : null}
      {/* The default button first: Enter in a text field saves and returns to the scanner. */}
      <div className="flex flex-col gap-2 border-t border-ink-100 pt-4 sm:flex-row-reverse sm:items-center">
        <Button
          type="submit"
          size="lg"
          loading={saving}
          onClick={() => {
            after.current = 'next';
          }}
        >
          <ScanBarcode aria-hidden="true" />
          Save and scan next
        </Button>
        <Button
          type="submit"
          variant="secondary"
          disabled={saving}
          onClick={() => {
            after.current = 'open';
          }}
        >
          Save and open
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={saving} className="sm:mr-auto">
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ItemFields({
  form,
  categories,
  nextSku,
  known,
}: {
  form: ReturnType<typeof useForm<IntakeFormValues>>;
  categories: Category[];
  nextSku: string | null;
  known: boolean;
}) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <TextField label="Title" required error={errors.title?.message} {...register('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Brand" error={errors.brand?.message} {...register('brand')} />
        <CategorySelect
          categories={categories}
          error={errors.categoryId?.message}
          field={register('categoryId')}
        />
      </div>
      <IdentityFields
        gtin={register('gtin')}
        model={register('model')}
        errors={{ gtin: errors.gtin?.message, model: errors.model?.message }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Retail price ($)"
          required
          inputMode="decimal"
          error={errors.retail?.message}
          {...register('retail')}
        />
        <TextField
          label="Resale price ($)"
          required
          inputMode="decimal"
          hint={known ? 'The last unit’s price: check it suits this unit’s condition.' : undefined}
          error={errors.resale?.message}
          {...register('resale')}
        />
      </div>
      <TextField
        label="SKU"
        inputClassName="font-mono"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={nextSku ?? undefined}
        hint={
          nextSku
            ? `Empty: the store gives the next in the series (${nextSku} now).`
            : 'Empty: the store gives a new series (RB-…-01).'
        }
        error={errors.sku?.message}
        {...register('sku')}
      />
      <ReturnTermsFields
        saleTerms={{ error: errors.saleTerms?.message, ...register('saleTerms') }}
        nonReturnableKind={register('nonReturnableKind')}
      />
      <TextAreaField
        label="Description"
        rows={4}
        error={errors.description?.message}
        {...register('description')}
      />
    </>
  );
}
