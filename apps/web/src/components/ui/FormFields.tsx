import { clsx } from 'clsx';
import { type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { describedByOf, FieldFrame, type FrameProps } from './Field';
import { inputClasses } from './input-classes';

// The labelled select and text area, in the frame TextField (Field.tsx) draws: the label, a required
// star beside it, the error under the control and the hint, both read with it. A file of their own,
// not Field.tsx: that one is part of a storefront page's first scripts, and these are used only
// further in (docs/decisions/087-shared-web-pieces.md).

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
