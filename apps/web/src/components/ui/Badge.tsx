import { clsx } from 'clsx';
import type { HTMLAttributes } from 'react';

export type BadgeTone = 'neutral' | 'brand' | 'accent' | 'gold' | 'inverse' | 'danger';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-white/95 text-ink-800 ring-ink-200',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  accent: 'bg-accent-50 text-accent-800 ring-accent-200',
  gold: 'bg-gold-100 text-gold-800 ring-gold-800/20',
  inverse: 'bg-ink-900/85 text-white ring-white/10',
  danger: 'bg-danger-50 text-danger-700 ring-danger-200',
};

export function Badge({
  tone = 'neutral',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset [&_svg]:size-3.5',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
