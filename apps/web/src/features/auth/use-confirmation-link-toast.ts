import {
  EMAIL_CONFIRMATION_OUTCOMES,
  EMAIL_CONFIRMATION_PARAM,
  EMAIL_CONFIRMATION_TEXT,
  type EmailConfirmationOutcome,
} from '@rebound/contract/auth-text';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';

const isOutcome = (value: string | null): value is EmailConfirmationOutcome =>
  (EMAIL_CONFIRMATION_OUTCOMES as readonly (string | null)[]).includes(value);

/**
 * An emailed confirmation link lands on `/?confirmation=confirmed` (or used, expired, invalid: the
 * server decides, apps/server/src/modules/auth/routes.ts): say what happened and what to do, once,
 * then take the word out of the address so a reload does not repeat it.
 */
export function useConfirmationLinkToast(): void {
  const [params, setParams] = useSearchParams();
  const given = params.get(EMAIL_CONFIRMATION_PARAM);
  const outcome = isOutcome(given) ? given : null;

  useEffect(() => {
    if (given === null) return;
    if (outcome) {
      const text = EMAIL_CONFIRMATION_TEXT[outcome];
      (text.ok ? toast.success : toast.error)(text.title, {
        id: 'auth-confirmation-link',
        description: text.message,
        duration: 12_000,
      });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(EMAIL_CONFIRMATION_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [given, outcome, setParams]);
}
