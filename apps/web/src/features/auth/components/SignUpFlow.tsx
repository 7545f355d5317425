import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_TEXT } from '@rebound/contract/auth';
import { normalizeEmail } from '@rebound/core/email';
import { ArrowRight, LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { EmailField } from '../../../components/ui/Field';
import { errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCheckEmail } from '../api';
import { EmailStepForm } from '../forms';
import { CheckInbox } from './CheckInbox';
import { DetailsForm } from './DetailsForm';

type Step =
  | { name: 'email' }
  | { name: 'details'; email: string; launch: boolean }
  | { name: 'done'; email: string; launch: boolean };

type SignUpFlowProps = {
  /** 'Account exists': switch to the Sign In tab with this email filled in. */
  onGoToSignIn: (email: string) => void;
};

/**
 * Sign-up in two steps: the email, checked against accounts and the launch list;
 * then the details. A launch-list member completes their signup instead of starting afresh.
 */
export function SignUpFlow({ onGoToSignIn }: SignUpFlowProps) {
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState('');

  if (step.name === 'done') {
    return (
      <CheckInbox email={step.email} launch={step.launch} onStartOver={() => setStep({ name: 'email' })} />
    );
  }
  if (step.name === 'details') {
    return (
      <DetailsForm
        email={step.email}
        launch={step.launch}
        // 'Change' goes back to the email step and leaves launch mode.
        onChangeEmail={() => setStep({ name: 'email' })}
        onCreated={() => setStep({ name: 'done', email: step.email, launch: step.launch })}
      />
    );
  }
  return (
    <EmailStep
      defaultEmail={email}
      onContinue={(next, launch) => {
        setEmail(next);
        setStep({ name: 'details', email: next, launch });
      }}
      onGoToSignIn={onGoToSignIn}
    />
  );
}

/** The email check's error toast: closed once a check gets an answer. */
const EMAIL_CHECK_ACTION = 'sign-up-email';

type EmailStepProps = {
  defaultEmail: string;
  onContinue: (email: string, launch: boolean) => void;
  onGoToSignIn: (email: string) => void;
};

function EmailStep({ defaultEmail, onContinue, onGoToSignIn }: EmailStepProps) {
  const headingId = useId();
  const checkEmail = useCheckEmail();
  const [existing, setExisting] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailStepForm>({
    resolver: zodResolver(EmailStepForm),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit(({ email: typed }) => {
    const email = normalizeEmail(typed);
    setExisting(null);
    checkEmail.mutate(email, {
      onSuccess: (answer) => {
        toast.succeeded(EMAIL_CHECK_ACTION);
        if (answer.exists) {
          // Tell them to sign in, and stay on this step.
          setExisting(email);
          toast.warning(AUTH_TEXT.accountExists.title, {
            description: AUTH_TEXT.accountExists.message,
            action: { label: 'Sign in', onClick: () => onGoToSignIn(email) },
          });
          return;
        }
        if (answer.isLaunchUser) {
          toast.success(AUTH_TEXT.launchUserFound.title, { description: AUTH_TEXT.launchUserFound.message });
        }
        onContinue(email, answer.isLaunchUser);
      },
      onError: (error) => {
        toast.failed(EMAIL_CHECK_ACTION, AUTH_TEXT.emailCheckErrorTitle, {
          description: errorMessageOf(error),
        });
      },
    });
  });

  return (
    <section aria-labelledby={headingId}>
      <p className="text-xs font-semibold tracking-widest text-brand-700 uppercase">Step 1 of 2</p>
      <h2 id={headingId} className="mt-1 text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
        Create your account
      </h2>
      <p className="mt-1 text-sm text-ink-600">Start with your email. Joining is free.</p>

      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
        <EmailField
          required
          error={errors.email?.message}
          {...register('email', { onChange: () => setExisting(null) })}
        />
        {existing ? (
          <div
            role="status"
            className="flex flex-col gap-3 rounded-xl bg-gold-100 px-4 py-3 text-sm text-gold-800 ring-1 ring-gold-800/20 ring-inset sm:flex-row sm:items-center sm:justify-between"
          >
            <p>
              <span className="font-semibold">{AUTH_TEXT.accountExists.title}.</span>{' '}
              {AUTH_TEXT.accountExists.message}
            </p>
            <Button variant="secondary" size="sm" onClick={() => onGoToSignIn(existing)}>
              <LogIn aria-hidden="true" />
              Sign in
            </Button>
          </div>
        ) : null}
        <Button type="submit" size="lg" block loading={checkEmail.isPending}>
          {checkEmail.isPending ? 'Checking...' : 'Continue'}
          <ArrowRight aria-hidden="true" />
        </Button>
      </form>
    </section>
  );
}
