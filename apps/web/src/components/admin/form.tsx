import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { TriangleAlert } from 'lucide-react';
import { type ReactNode, type TextareaHTMLAttributes, useId, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessageOf } from '../../lib/api-client';
import { Button } from '../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/Dialog';
import { FormAlert } from '../ui/Field';

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

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
};

/** A labelled text area with its error under it (read with it by screen readers). */
export function TextAreaField({ label, hint, error, className, ...props }: TextAreaProps) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink-900">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="block w-full rounded-xl bg-white px-3.5 py-2.5 text-base text-ink-950 ring-1 ring-ink-300 ring-inset placeholder:text-ink-400 hover:ring-ink-400 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-danger-700 sm:text-sm"
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-danger-700">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
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
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
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
            label="Reason"
            hint="Kept in the audit log with your name."
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
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
