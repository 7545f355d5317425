import { LAUNCH_TEXT } from '@rebound/contract/launch-text';
import { checkLaunchEmail } from '@rebound/core/email';
import { BellRing } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { joinDropList } from '../../../lib/drop-list';
import { toast } from '../../../lib/toast';

/**
 * Early access to the next drop (docs/product.md "Pre-launch mode"). The address is checked with
 * core's checkLaunchEmail and its messages shown as a toast and beside the field.
 *
 * On an open store the address joins the new-drops email (double opt-in, source 'drops-early-access';
 * lib/drop-list.ts): the toast says 'Check your email' for an ok answer or a 429, 'Something went
 * wrong' / 'Please try again.' otherwise.
 */
/** This form's error toast: one at a time, closed once joining works. */
const JOIN_ACTION = 'drop-list:drops-early-access';

export function EarlyAccessForm() {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = checkLaunchEmail(email);
    if (!result.ok) {
      setError(result.message);
      toast.failed(JOIN_ACTION, result.title, { description: result.message });
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const answer = await joinDropList(result.email, 'drops-early-access');
      setEmail('');
      toast.succeeded(JOIN_ACTION);
      toast.success(answer.title, { description: answer.message });
    } catch {
      toast.failed(JOIN_ACTION, LAUNCH_TEXT.failureTitle, { description: LAUNCH_TEXT.failureMessage });
    } finally {
      setBusy(false);
    }
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
        Get the new-drops email: the lots that went live, once a day, so you can bid early. Confirm by email;
        unsubscribe anytime.
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
        <Button type="submit" size="lg" block loading={busy}>
          Get early access
        </Button>
        <p className="text-xs text-ink-600">No spam. Unsubscribe anytime.</p>
      </form>
    </section>
  );
}
