import { checkLaunchEmail } from '@rebound/core/email';
import { BellRing } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';

/**
 * Early access to the next drop (spec §2 /drops, §5 'Drop list email'). The address is checked with
 * core's checkLaunchEmail and the spec's messages shown as a toast and beside the field.
 *
 * It sends nothing yet: the launch list (double opt-in, decisions.md §9) arrives in a later issue and
 * will post the normalised address here. Until then the form only confirms, as the spec's does.
 */
export function EarlyAccessForm() {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = checkLaunchEmail(email);
    if (!result.ok) {
      setError(result.message);
      toast.error(result.title, { description: result.message });
      return;
    }
    setError(undefined);
    setEmail('');
    toast.success('Check your email', {
      description: `We sent a confirmation link to ${result.email}. Open it to get early access.`,
    });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col justify-center rounded-[1.75rem] bg-white p-6 shadow-card ring-1 ring-ink-200/80 sm:p-8"
    >
      <div className="flex items-center gap-3 lg:flex-col lg:items-start lg:gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-50 text-accent-700 ring-1 ring-accent-200 lg:size-11">
          <BellRing className="size-5" aria-hidden="true" />
        </span>
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink-950">
          Get early access
        </h2>
      </div>
      <p className="mt-1.5 text-sm leading-relaxed text-ink-700">
        Hear about the next drop before it opens: new lots, early bidding and first-look deals.
      </p>
      <form onSubmit={handleSubmit} noValidate className="mt-5 flex flex-col gap-3">
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(undefined);
          }}
        />
        <Button type="submit" size="lg" block>
          Get early access
        </Button>
        <p className="text-xs text-ink-600">No spam. Unsubscribe anytime.</p>
      </form>
    </section>
  );
}
