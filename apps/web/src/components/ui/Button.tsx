import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse' | 'outline-inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

type StyleProps = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-card hover:bg-brand-800 active:bg-brand-900',
  secondary: 'bg-white text-ink-900 ring-1 ring-inset ring-ink-200 hover:bg-ink-50 hover:ring-ink-300',
  ghost: 'text-ink-800 hover:bg-ink-100',
  inverse: 'bg-white text-brand-900 shadow-card hover:bg-brand-50',
  'outline-inverse': 'text-white ring-1 ring-inset ring-white/40 hover:bg-white/10',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 gap-1.5 rounded-lg px-3 text-sm',
  md: 'h-11 gap-2 rounded-xl px-4 text-sm',
  lg: 'h-12 gap-2 rounded-xl px-6 text-base',
};

/** Class names of a button, for elements that must look like one (links, dialog triggers). */
export function buttonClasses({ variant = 'primary', size = 'md', block = false }: StyleProps = {}): string {
  return clsx(
    'inline-flex shrink-0 items-center justify-center font-semibold whitespace-nowrap transition-colors',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
    VARIANTS[variant],
    SIZES[size],
    block && 'w-full',
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  StyleProps & {
    ref?: Ref<HTMLButtonElement>;
    /** Busy: a spinner replaces the icon, the button is disabled and says so (aria-busy). */
    loading?: boolean;
  };

export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  loading = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={clsx(
        buttonClasses({ variant, size, block }),
        loading && 'disabled:opacity-80 [&>svg:not(.animate-spin)]:hidden',
        className,
      )}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** An in-app link that looks like a button. */
export function ButtonLink({ variant, size, block, className, ...props }: LinkProps & StyleProps) {
  return <Link className={clsx(buttonClasses({ variant, size, block }), className)} {...props} />;
}

/** A link to another site, opened in a new tab, that looks like a button. */
export function ExternalButtonLink({
  variant,
  size,
  block,
  className,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & StyleProps) {
  return (
    <a
      target="_blank"
      rel="noopener noreferrer"
      className={clsx(buttonClasses({ variant, size, block }), className)}
      {...props}
    />
  );
}
