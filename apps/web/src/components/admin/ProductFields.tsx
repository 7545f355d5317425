import {
  NON_RETURNABLE_KIND_LABELS,
  NON_RETURNABLE_KINDS,
  SALE_TERMS,
  SALE_TERMS_LABELS,
} from '@rebound/contract/returns';
import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../ui/Field';
import { SelectField } from '../ui/FormFields';

// Fields of a product's details that the catalogue editor and the intake bench both show
// (features/admin-catalogue, features/admin-intake): the item's identity (GTIN and model number,
// packages/core/src/item-identity.ts), the category, and the return terms (sale terms and the
// never-returnable kind, packages/contract/src/returns.ts). Each form keeps its own schema
// (contract ProductFormValues, IntakeFormValues), which names these fields alike.

/** The GTIN and the model number, side by side from a tablet's width. */
export function IdentityFields({
  gtin,
  model,
  errors,
}: {
  gtin: UseFormRegisterReturn;
  model: UseFormRegisterReturn;
  errors: { gtin?: string | undefined; model?: string | undefined };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="GTIN (barcode)"
        hint="The UPC, EAN or GTIN-14 under the barcode; spaces and dashes are fine. Empty: none."
        error={errors.gtin}
        inputClassName="font-mono"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        {...gtin}
      />
      <TextField
        label="Model number"
        hint="The maker's model or part number, as on the box or label."
        error={errors.model}
        inputClassName="font-mono"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...model}
      />
    </div>
  );
}

/** The category, or none ('Other'). */
export function CategorySelect({
  categories,
  error,
  field,
}: {
  categories: readonly { id: string; name: string }[];
  error?: string | undefined;
  field: UseFormRegisterReturn;
}) {
  return (
    <SelectField label="Category" error={error} {...field}>
      <option value="">No category (Other)</option>
      {categories.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}

/** A select's own props, less the label and the options, which the field draws itself. */
type SelectProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children'>;

/**
 * The sale terms and the never-returnable kind, side by side from a tablet's width. Each select
 * takes its value wiring from the form (a register() call, or a value and onChange) with any hint
 * or error.
 */
export function ReturnTermsFields({
  saleTerms,
  nonReturnableKind,
}: {
  saleTerms: SelectProps;
  nonReturnableKind: SelectProps;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Sale terms" {...saleTerms}>
        {SALE_TERMS.map((t) => (
          <option key={t} value={t}>
            {SALE_TERMS_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Never returnable as" {...nonReturnableKind}>
        <option value="">Ordinary goods (returnable)</option>
        {NON_RETURNABLE_KINDS.map((k) => (
          <option key={k} value={k}>
            {NON_RETURNABLE_KIND_LABELS[k]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
