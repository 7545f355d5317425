import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

type SettingsCardProps = {
  title: string;
  description?: ReactNode;
  icon: LucideIcon;
  children: ReactNode;
};

/** One titled panel of the account settings. */
export function SettingsCard({ title, description, icon: Icon, children }: SettingsCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-200/80 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold tracking-tight text-ink-950">
            {title}
          </h3>
          {description ? <p className="mt-0.5 text-sm text-ink-600">{description}</p> : null}
        </div>
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
