import { LAUNCH_TEXT } from '@rebound/contract/launch-text';
import { checkLaunchEmail } from '@rebound/core/email';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { joinDropList } from '../../../lib/drop-list';
import { toast } from '../../../lib/toast';

/**
 * 'Get the Drop First': checks the address, and on an open store it joins the new-drops email
 * (double opt-in, source 'footer'; lib/drop-list.ts).
 * The toast says 'Check your email' for an ok answer or a 429, 'Something went wrong' otherwise.
 */
/** This form's error toast: one at a time, closed once joining works. */
const JOIN_ACTION = 'drop-list:footer';

export function DropSignupForm() {
  const inputId = useId();
  const hintId = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = checkLaunchEmail(email);
    if (!result.ok) {
      toast.failed(JOIN_ACTION, result.title, { description: result.message });
      return;
    }
    setBusy(true);
    try {
      const answer = await joinDropList(result.email, 'footer');
      toast.succeeded(JOIN_ACTION);
      toast.success(answer.title, { description: answer.message });
      setEmail('');
    } catch {
      toast.failed(JOIN_ACTION, LAUNCH_TEXT.failureTitle, { description: LAUNCH_TEXT.failureMessage });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Get the Drop First">
      <label htmlFor={inputId} className="text-sm font-semibold text-white">
        Email address
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-describedby={hintId}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="h-11 w-full min-w-0 rounded-xl sm:flex-1 border-0 bg-white/10 px-4 text-sm text-white ring-1 ring-white/20 ring-inset placeholder:text-ink-400 focus-visible:bg-white/15 focus-visible:outline-2 focus-visible:outline-brand-300"
        />
        <Button type="submit" variant="inverse" loading={busy}>
          <Send aria-hidden="true" />
          Notify me
        </Button>
      </div>
      <p id={hintId} className="mt-2 text-xs text-ink-400">
        The new-drops email, once a day. Confirm by email; unsubscribe anytime.
      </p>
    </form>
  );
}
