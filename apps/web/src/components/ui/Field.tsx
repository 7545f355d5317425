import { clsx } from 'clsx';
import { Eye, EyeOff, TriangleAlert } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { inputClasses } from './input-classes';

export { inputClasses };

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };

type FieldProps = InputProps & {
  label: string;
  /** Helpful text under the input, always read with it. */
  hint?: ReactNode;
  /** The message shown under the input; the input is marked invalid. */
  error?: string | undefined;
  /** Marks the input invalid without a message of its own (the form says it once, above). */
  invalid?: boolean;
  /** Something beside the label, e.g. a 'Forgot password?' link. */
  labelAside?: ReactNode;
  /** More ids the input is described by (e.g. the form's own alert). */
  describedBy?: string | undefined;
  /** Content drawn over the right end of the input (e.g. a show-password button). */
  trailing?: ReactNode;
  className?: string;
  inputClassName?: string;
};

/** What the frame of every labelled control draws around it. */
export type FrameProps = {
  label: ReactNode;
  /** Helpful text under the control, always read with it. */
  hint?: ReactNode;
  /** Shown at the end of the hint's line, not read (e.g. a '12 / 2,000' counter). */
  hintAside?: ReactNode;
  /** The message shown under the control; the control is marked invalid. */
  error?: string | undefined;
  /** Something at the end of the label's line, e.g. a counter; give it an id and `describedBy` to read it. */
  labelAside?: ReactNode;
  /** More ids the control is described by. */
  describedBy?: string | undefined;
  className?: string;
};

/** The ids a control is described by: its error, its hint, then any others. */
export function describedByOf(
  id: string,
  { error, hint, describedBy }: Pick<FrameProps, 'error' | 'hint' | 'describedBy'>,
) {
  return (
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null, describedBy ?? null]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

export function FieldFrame({
  id,
  label,
  required,
  hint,
  hintAside,
  error,
  labelAside,
  className,
  children,
}: Omit<FrameProps, 'describedBy'> & { id: string; required: boolean | undefined; children: ReactNode }) {
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <span className="inline-flex items-baseline gap-0.5">
          <label htmlFor={id} className="text-sm font-semibold text-ink-900">
            {label}
          </label>
          {/* Outside the label: the control's name stays the label's words; `required` says the rest. */}
          {required ? (
            <span className="text-sm font-semibold text-danger-700" aria-hidden="true">
              *
            </span>
          ) : null}
        </span>
        {labelAside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-danger-700">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : null}
      {hint ? (
        hintAside ? (
          <div className="flex items-start justify-between gap-4 text-xs text-ink-600">
            <p id={`${id}-hint`}>{hint}</p>
            {hintAside}
          </div>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-ink-600">
            {hint}
          </p>
        )
      ) : null}
    </div>
  );
}

/** An email input: the keyboard, autofill and no auto-capitalising or spell-check. Props override. */
export function EmailField({
  label = 'Email',
  ...props
}: Omit<FieldProps, 'label' | 'type'> & { label?: string }) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** A labelled text input with an optional hint and an inline error, wired for screen readers. */
export function TextField({
  label,
  hint,
  error,
  invalid,
  labelAside,
  describedBy,
  trailing,
  className,
  inputClassName,
  ...inputProps
}: FieldProps) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={label}
      required={inputProps.required}
      hint={hint}
      error={error}
      labelAside={labelAside}
      className={className}
    >
      <div className="relative">
        <input
          id={id}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={describedByOf(id, { error, hint, describedBy })}
          className={clsx(inputClasses, trailing ? 'pr-12' : null, inputClassName)}
          {...inputProps}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
    </FieldFrame>
  );
}

/** A password input with a show/hide switch. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label="Show password"
          aria-pressed={visible}
          className="inline-flex size-9 items-center justify-center rounded-lg text-ink-500 transition-colors hover:bg-ink-100 hover:text-ink-800"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      }
    />
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  ref?: Ref<HTMLInputElement>;
  label: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  className?: string;
};

/** A checkbox with its label beside it, an optional description and an inline error. */
export function CheckboxField({ label, description, error, className, ...inputProps }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ');
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="mt-0.5 size-5 shrink-0 scroll-mt-28 cursor-pointer rounded accent-brand-700 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-offset-1 aria-[invalid=true]:outline-danger-700"
          {...inputProps}
        />
        <div className="min-w-0">
          <label htmlFor={id} className="cursor-pointer text-sm leading-snug text-ink-800">
            {label}
          </label>
          {inputProps.required ? (
            <span className="ml-1 text-sm font-semibold text-danger-700" aria-hidden="true">
              *
            </span>
          ) : null}
          {description ? (
            <p id={descriptionId} className="mt-0.5 text-xs text-ink-600">
              {description}
            </p>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 pl-8 text-sm font-medium text-danger-700">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message (what went wrong with the form as a whole), announced when it appears. */
export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <div
      id={id}
      role="alert"
      className="flex items-start gap-2.5 rounded-xl bg-danger-50 px-3.5 py-3 text-sm font-medium text-danger-700 ring-1 ring-danger-200 ring-inset"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
