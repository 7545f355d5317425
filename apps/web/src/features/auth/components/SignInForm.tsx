import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_TEXT, type AuthUser } from '@rebound/contract/auth';
import { normalizeEmail } from '@rebound/core/email';
import { LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { EmailField, FormAlert, PasswordField } from '../../../components/ui/Field';
import { errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSignIn } from '../api';
import { type SignInFormInput, type SignInFormOutput, SignInForm as SignInSchema } from '../forms';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';

type SignInFormProps = {
  defaultEmail?: string;
  onSignedIn: (user: AuthUser) => void;
};

/** Email and password. Success: 'Welcome back!' and home; failure: 'Error signing in' + the server's words. */
export function SignInForm({ defaultEmail = '', onSignedIn }: SignInFormProps) {
  const headingId = useId();
  const alertId = useId();
  const signIn = useSignIn();
  const [serverError, setServerError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<SignInFormInput, unknown, SignInFormOutput>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    signIn.mutate(
      { email: normalizeEmail(values.email), password: values.password },
      {
        onSuccess: (answer) => {
          toast.succeeded('sign-in');
          toast.success(answer.title, { description: answer.message });
          onSignedIn(answer.user);
        },
        onError: (error) => {
          const message = errorMessageOf(error);
          setServerError(message);
          toast.failed('sign-in', AUTH_TEXT.signInErrorTitle, { description: message });
        },
      },
    );
  });

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
        Welcome back
      </h2>
      <p className="mt-1 text-sm text-ink-600">Sign in with your email and password.</p>

      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-6 flex flex-col gap-5"
        aria-describedby={serverError ? alertId : undefined}
      >
        <EmailField autoComplete="username" required error={errors.email?.message} {...register('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          labelAside={
            <button
              type="button"
              onClick={() => setForgotOpen(true)}
              className="rounded text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
            >
              Forgot password?
            </button>
          }
          {...register('password')}
        />
        {serverError ? <FormAlert id={alertId}>{serverError}</FormAlert> : null}
        <Button type="submit" size="lg" block loading={signIn.isPending}>
          <LogIn aria-hidden="true" />
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>

      <ForgotPasswordDialog
        open={forgotOpen}
        onOpenChange={setForgotOpen}
        defaultEmail={forgotOpen ? (getValues('email') ?? '') : ''}
      />
    </section>
  );
}
