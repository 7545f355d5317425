import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessageOf } from '../../lib/api-client';
import { Button } from '../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/Dialog';
import { FormAlert } from '../ui/Field';
import { TextAreaField } from '../ui/FormFields';

/**
 * react-hook-form checked by a contract schema (the same zod schema the server validates with), so
 * the form and the server say the same thing. The server checks again; its message is shown as is.
 */
export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    ...options,
  });
}

/**
 * A confirmation that asks why (suspend, restore, remove a strike, change a role): the reason is
 * checked by the contract's Reason schema (`schema`), sent with `onConfirm`, and kept in the audit
 * log by the server. The dialog stays open with the server's message when the change is refused.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  schema,
  onConfirm,
  danger = false,
  reasonLabel = 'Reason',
  dismissLabel = 'Cancel',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The reason field's label ('Reason (optional)' where the schema allows it empty). */
  reasonLabel?: string;
  /** The button that closes without doing it ('Keep bid' where 'Cancel' would read as the action). */
  dismissLabel?: string;
  schema: z.ZodType<{ reason: string }, { reason: string }>;
  onConfirm: (reason: string) => Promise<unknown>;
  danger?: boolean;
}) {
  const form = useContractForm(schema, { reason: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await onConfirm(values.reason);
      form.reset({ reason: '' });
      onOpenChange(false);
    } catch (error) {
      setServerError(errorMessageOf(error));
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset({ reason: '' });
          setServerError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-md p-6">
        <DialogTitle className="pr-10 text-lg font-bold text-ink-950">{title}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-ink-700">{description}</DialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          <TextAreaField
            label={reasonLabel}
            hint="Kept in the audit log with your name."
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {dismissLabel}
            </Button>
            <Button
              type="submit"
              loading={form.formState.isSubmitting}
              className={danger ? 'bg-danger-700 hover:bg-danger-700/90 active:bg-danger-700' : undefined}
            >
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
