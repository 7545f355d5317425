import { UNSUBSCRIBE_LINK_INVALID, UNSUBSCRIBE_SCOPE_TEXT } from '@rebound/contract/unsubscribe';
import { CircleCheck, LinkIcon, MailMinus } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Container } from '../../../components/ui/Container';
import { FormAlert } from '../../../components/ui/Field';
import { Skeleton } from '../../../components/ui/Skeleton';
import { errorMessageOf } from '../../../lib/api-client';
import { COMPANY } from '../../../lib/company';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUnsubscribe, useUnsubscribeInfo } from '../api';

/**
 * /unsubscribe?token=…: the visible unsubscribe link of new-drops and marketing emails. No sign-in:
 * the token says who and from what. Opening the page changes nothing (mail scanners open links);
 * the one button does it (RFC 8058's one-click is the header, for mail clients).
 */
export default function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token');
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token ?? '');

  let content: ReactNode;
  if (!token) content = <BadLink message={UNSUBSCRIBE_LINK_INVALID} />;
  else if (info.isPending) {
    content = (
      <div aria-busy="true">
        <Skeleton className="size-12 rounded-xl" />
        <Skeleton className="mt-5 h-8 w-3/4" />
        <Skeleton className="mt-3 h-16 w-full" />
        <Skeleton className="mt-6 h-12 w-full rounded-xl" />
      </div>
    );
  } else if (info.isError) content = <BadLink message={errorMessageOf(info.error)} />;
  // Reached by the button, the page moves focus to the result so that it is read out.
  else if (!info.data.subscribed)
    content = <Done scope={info.data.scope} email={info.data.email} focus={unsubscribe.isSuccess} />;
  else content = <Confirm unsubscribe={unsubscribe} scope={info.data.scope} email={info.data.email} />;

  return (
    <Container className="py-8 sm:py-14">
      <div className="mx-auto max-w-md rounded-[1.5rem] bg-white p-5 shadow-card ring-1 ring-ink-200/80 sm:p-8">
        {content}
      </div>
    </Container>
  );
}

type Scope = keyof typeof UNSUBSCRIBE_SCOPE_TEXT;

function Confirm({
  unsubscribe,
  scope,
  email,
}: {
  unsubscribe: ReturnType<typeof useUnsubscribe>;
  scope: Scope;
  email: string;
}) {
  const headingId = useId();
  const text = UNSUBSCRIBE_SCOPE_TEXT[scope];
  return (
    <section aria-labelledby={headingId}>
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <MailMinus className="size-6" aria-hidden="true" />
      </span>
      <h1 id={headingId} className="mt-5 text-2xl font-bold tracking-tight text-ink-950">
        Unsubscribe from {text.name}?
      </h1>
      <p className="mt-2 text-sm leading-relaxed text-ink-700">
        For <strong className="font-semibold text-ink-950">{email}</strong>. {text.stops}
      </p>
      {unsubscribe.isError ? (
        <div className="mt-4">
          <FormAlert>{errorMessageOf(unsubscribe.error)}</FormAlert>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col gap-3">
        <Button size="lg" block loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          <MailMinus aria-hidden="true" />
          {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
        <ButtonLink to="/account" variant="secondary" size="lg" block>
          Choose in notification settings
        </ButtonLink>
      </div>
      <p className="mt-4 text-xs leading-relaxed text-ink-600">
        No sign-in needed. Notification settings let you pick each kind of message and channel; they ask you
        to sign in.
      </p>
    </section>
  );
}

const UNDO: Record<Scope, string> = {
  new_drops: 'Changed your mind? Turn the new-drops email back on in your notification settings.',
  marketing: `Changed your mind? Write to ${COMPANY.supportEmail} and we will add you back.`,
  launch: 'Changed your mind? Join the launch list again on the Rebound home page.',
  drop_list: 'Changed your mind? Enter your email again on the drops page or in the footer.',
};

function Done({ scope, email, focus }: { scope: Scope; email: string; focus: boolean }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const text = UNSUBSCRIBE_SCOPE_TEXT[scope];
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section aria-labelledby={headingId}>
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <CircleCheck className="size-6" aria-hidden="true" />
      </span>
      <h1
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="mt-5 text-2xl font-bold tracking-tight text-ink-950 outline-none"
      >
        You're unsubscribed
      </h1>
      <p className="mt-2 text-sm leading-relaxed text-ink-700">
        <strong className="font-semibold text-ink-950">{email}</strong> is off {text.name}. {text.stops}
      </p>
      <p className="mt-2 text-sm leading-relaxed text-ink-700">{UNDO[scope]}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/shop" size="lg" block>
          Browse the shop
        </ButtonLink>
        <ButtonLink to="/account" variant="secondary" size="lg" block>
          Notification settings
        </ButtonLink>
      </div>
    </section>
  );
}

function BadLink({ message }: { message: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <span className="flex size-12 items-center justify-center rounded-xl bg-danger-50 text-danger-700 ring-1 ring-danger-200">
        <LinkIcon className="size-6" aria-hidden="true" />
      </span>
      <h1 id={headingId} className="mt-5 text-2xl font-bold tracking-tight text-ink-950">
        This link doesn't work
      </h1>
      <p role="alert" className="mt-2 text-sm leading-relaxed text-ink-700">
        {message}
      </p>
      <div className="mt-6">
        <ButtonLink to="/account" variant="secondary" size="lg" block>
          Notification settings
        </ButtonLink>
      </div>
    </section>
  );
}
