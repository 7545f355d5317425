import type { AdminTaxRegistration } from '@rebound/contract/tax-registration';
import {
  GST_NUMBER_INVALID,
  normalizeGstNumber,
  normalizePstNumber,
  PST_NUMBER_INVALID,
  taxRegistrationLines,
} from '@rebound/core/tax-registration';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateTaxRegistration } from '../api';

// Settings › Tax numbers: the seller's GST/HST and BC PST registration numbers every receipt prints
// (docs/decisions/078). Each is checked as the server checks it (core tax-registration.ts); one left
// empty is the server's configured number.

type Field = 'gstNumber' | 'pstNumber';

const FIELDS: {
  field: Field;
  label: string;
  placeholder: string;
  normalize: (v: string) => string | null;
  invalid: string;
}[] = [
  {
    field: 'gstNumber',
    label: 'GST/HST registration number',
    placeholder: '123456789 RT0001',
    normalize: normalizeGstNumber,
    invalid: GST_NUMBER_INVALID,
  },
  {
    field: 'pstNumber',
    label: 'BC PST registration number',
    placeholder: 'PST-1234-5678',
    normalize: normalizePstNumber,
    invalid: PST_NUMBER_INVALID,
  },
];

function hintOf(configured: string | null): string {
  return configured
    ? `Left empty, receipts print the server's configured number, ${configured}.`
    : 'Required: the server has no configured number to fall back to.';
}

export function TaxNumbersSection({ numbers }: { numbers: AdminTaxRegistration }) {
  const update = useUpdateTaxRegistration();
  const labelId = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    gstNumber: numbers.saved.gstNumber ?? '',
    pstNumber: numbers.saved.pstNumber ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inUse =
    numbers.inUse.gstNumber && numbers.inUse.pstNumber
      ? taxRegistrationLines({ gstNumber: numbers.inUse.gstNumber, pstNumber: numbers.inUse.pstNumber })
      : null;

  return (
    <section
      aria-labelledby={labelId}
      className="mt-6 max-w-3xl rounded-card border border-ink-200 bg-white p-5 sm:p-6"
    >
      <h2 id={labelId} className="text-lg font-semibold text-ink-950">
        Tax numbers on receipts
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        Every receipt, the email and the page after paying, names the seller's GST/HST and BC PST registration
        numbers. A change applies to the next receipt.
      </p>
      {inUse ? (
        <dl className="mt-3 grid gap-1 text-sm" data-testid="tax-numbers-in-use">
          {inUse.map((line) => (
            <div key={line.label} className="flex flex-wrap gap-2">
              <dt className="text-ink-600">{line.label}</dt>
              <dd className="font-medium text-ink-950">{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <form
        className="mt-5 flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found: Partial<Record<Field, string>> = {};
          for (const f of FIELDS) {
            const typed = values[f.field].trim();
            if (typed !== '' && f.normalize(typed) === null) found[f.field] = f.invalid;
          }
          setErrors(found);
          if (Object.keys(found).length > 0) return;
          update.mutate(values, {
            onSuccess: (saved) => {
              setValues({ gstNumber: saved.saved.gstNumber ?? '', pstNumber: saved.saved.pstNumber ?? '' });
              toast.success('Receipts now print these tax numbers');
            },
          });
        }}
      >
        {update.isError ? <FormAlert>{errorMessageOf(update.error)}</FormAlert> : null}
        {FIELDS.map((f) => (
          <TextField
            key={f.field}
            label={f.label}
            placeholder={f.placeholder}
            value={values[f.field]}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            error={errors[f.field]}
            hint={hintOf(numbers.configured[f.field])}
            onChange={(event) => {
              const value = event.target.value;
              setValues((v) => ({ ...v, [f.field]: value }));
              setErrors((e) => ({ ...e, [f.field]: undefined }));
            }}
          />
        ))}
        <div className="flex justify-end">
          <Button type="submit" loading={update.isPending}>
            Save tax numbers
          </Button>
        </div>
      </form>
    </section>
  );
}
