import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@rebound/contract/auth';
import { errorMessage } from '@rebound/contract/errors';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Container } from '../../../components/ui/Container';
import { FormAlert, PasswordField } from '../../../components/ui/Field';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetPassword } from '../api';
import { NewPasswordForm, type NewPasswordFormInput, type NewPasswordFormOutput } from '../forms';
import { RequestResetForm } from './RequestResetForm';

/** Setting the new password's error toast: closed once it is set. */
const NEW_PASSWORD_ACTION = 'new-password';

type ResetPasswordPageProps = {
  /** After the new password is saved (every session of the user has just ended). */
  onPasswordChanged: () => void;
};

/**
 * /auth/reset-password?token=...: the emailed link lands here (through the server, which checks the
 * token first and sends `?error=INVALID_TOKEN` instead when it is bad or used).
 */
export default function ResetPasswordPage({ onPasswordChanged }: ResetPasswordPageProps) {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [expired, setExpired] = useState(false);
  const linkBad = !token || params.has('error') || expired;

  return (
    <Container className="py-8 sm:py-14">
      <div className="mx-auto max-w-md rounded-[1.5rem] bg-white p-5 shadow-card ring-1 ring-ink-200/80 sm:p-8">
        {linkBad ? (
          <BadLink />
        ) : (
          <NewPassword token={token} onExpired={() => setExpired(true)} onDone={onPasswordChanged} />
        )}
      </div>
    </Container>
  );
}

function NewPassword({
  token,
  onExpired,
  onDone,
}: {
  token: string;
  onExpired: () => void;
  onDone: () => void;
}) {
  const headingId = useId();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordFormInput, unknown, NewPasswordFormOutput>({
    resolver: zodResolver(NewPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    reset.mutate(
      { token, ...values },
      {
        onSuccess: (answer) => {
          toast.succeeded(NEW_PASSWORD_ACTION);
          toast.success(answer.title, { description: answer.message });
          onDone();
          navigate('/auth', { replace: true });
        },
        onError: (error) => {
          const message = errorMessageOf(error);
          toast.failed(NEW_PASSWORD_ACTION, 'Could not reset password', { description: message });
          if (error instanceof ApiError && error.code === 'reset_token_invalid') onExpired();
          else setServerError(message);
        },
      },
    );
  });

  return (
    <section aria-labelledby={headingId}>
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <KeyRound className="size-6" aria-hidden="true" />
      </span>
      <h1 id={headingId} className="mt-5 text-2xl font-bold tracking-tight text-ink-950">
        Choose a new password
      </h1>
      <p className="mt-1 text-sm text-ink-600">
        After saving, sign in again on every device with the new password.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        <Button type="submit" size="lg" block loading={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Save new password'}
        </Button>
      </form>
    </section>
  );
}

function BadLink() {
  const headingId = useId();
  const [sent, setSent] = useState(false);
  return (
    <section aria-labelledby={headingId}>
      <span className="flex size-12 items-center justify-center rounded-xl bg-danger-50 text-danger-700 ring-1 ring-danger-200">
        <LinkIcon className="size-6" aria-hidden="true" />
      </span>
      <h1 id={headingId} className="mt-5 text-2xl font-bold tracking-tight text-ink-950">
        This link no longer works
      </h1>
      <p className="mt-1 text-sm leading-relaxed text-ink-700">{errorMessage('reset_token_invalid')}</p>
      <div className="mt-6">
        {sent ? (
          <p
            role="status"
            className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-100"
          >
            If an account uses this email, a new link is on its way. It works for one hour.
          </p>
        ) : (
          <RequestResetForm onSent={() => setSent(true)} />
        )}
      </div>
    </section>
  );
}
