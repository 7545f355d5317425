import { AUTH_TEXT } from '@rebound/contract/auth';
import { Inbox, RotateCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useResendConfirmation } from '../api';

type CheckInboxProps = {
  email: string;
  launch: boolean;
  onStartOver: () => void;
};

/** 'Resend link''s error toast: closed once a link is sent. */
const RESEND_ACTION = 'confirmation-link';

/** After sign-up: the account waits for the emailed confirmation link, which signs the shopper in. */
export function CheckInbox({ email, launch, onStartOver }: CheckInboxProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const resend = useResendConfirmation();

  // The form this replaces had focus; move it to the news.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="check-inbox-heading" className="flex flex-col items-center py-4 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Inbox className="size-8" aria-hidden="true" />
      </span>
      <h2
        id="check-inbox-heading"
        ref={heading}
        tabIndex={-1}
        className="mt-5 text-2xl font-bold tracking-tight text-ink-950 focus:outline-none"
      >
        Check your inbox
      </h2>
      <p className="mt-2 max-w-sm text-sm leading-relaxed text-ink-700">
        {launch ? `${AUTH_TEXT.launchCompleteSuccess.message} ` : null}
        We sent a confirmation link to <span className="font-semibold break-all text-ink-950">{email}</span>.
        Open it to confirm your email: you'll be signed in and ready to bid.
      </p>
      <p className="mt-3 text-xs text-ink-600">
        The link works for 24 hours. Check your spam folder if it's not there.
      </p>

      <div className="mt-7 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button
          variant="secondary"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(email, {
              onSuccess: (answer) => {
                toast.succeeded(RESEND_ACTION);
                toast.success(answer.title, { description: answer.message });
              },
              onError: (error) =>
                toast.failed(RESEND_ACTION, 'Could not send the link', {
                  description: errorMessageOf(error),
                }),
            })
          }
        >
          <RotateCw aria-hidden="true" />
          Resend link
        </Button>
        <Button variant="ghost" onClick={onStartOver}>
          Use a different email
        </Button>
      </div>
      {import.meta.env.DEV ? (
        <Link to="/dev/mailbox" className="mt-5 text-xs font-semibold text-brand-700 hover:underline">
          Development: open the local mailbox
        </Link>
      ) : null}
    </section>
  );
}
