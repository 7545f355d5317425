import { clsx } from 'clsx';
import { TriangleAlert } from 'lucide-react';
import {
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { inputClasses } from './input-classes';

// The labelled select and text area, wired as TextField (Field.tsx) is: the label, a required star
// beside it, the error under the control and the hint, both read with it. A file of their own, not
// Field.tsx: that one is part of a storefront page's first scripts, and these are used only further in
// (docs/decisions/087-shared-web-pieces.md).

type FrameProps = {
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
function describedByOf(
  id: string,
  { error, hint, describedBy }: Pick<FrameProps, 'error' | 'hint' | 'describedBy'>,
) {
  return (
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null, describedBy ?? null]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

function FieldFrame({
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

/**
 * A field's props split three ways: the frame's (label, hint, error…), the control's id and ARIA
 * wiring, and the rest, which go to the control as they are.
 */
function useFieldParts<P extends FrameProps & { required?: boolean | undefined }>(props: P) {
  const { label, hint, hintAside, error, labelAside, describedBy, className, ...rest } = props;
  const id = useId();
  return {
    frame: { id, label, required: props.required, hint, hintAside, error, labelAside, className },
    wiring: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedByOf(id, { error, hint, describedBy }),
    },
    rest,
  };
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  FrameProps & { ref?: Ref<HTMLSelectElement> };

/** A labelled select with an optional hint and an inline error, wired for screen readers. */
export function SelectField({ children, ...props }: SelectFieldProps) {
  const { frame, wiring, rest } = useFieldParts(props);
  return (
    <FieldFrame {...frame}>
      <select {...wiring} className={inputClasses} {...rest}>
        {children}
      </select>
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> &
  FrameProps & {
    ref?: Ref<HTMLTextAreaElement>;
    /** More classes for the text area itself (e.g. a taller box). */
    textAreaClassName?: string;
  };

/** A labelled text area (3 rows unless told) with an optional hint and an inline error. */
export function TextAreaField({ textAreaClassName, ...props }: TextAreaFieldProps) {
  const { frame, wiring, rest } = useFieldParts(props);
  return (
    <FieldFrame {...frame}>
      <textarea
        {...wiring}
        rows={3}
        className={clsx(inputClasses, 'h-auto resize-y py-2.5', textAreaClassName)}
        {...rest}
      />
    </FieldFrame>
  );
}
