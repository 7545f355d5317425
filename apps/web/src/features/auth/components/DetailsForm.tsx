import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_TEXT, HANDLE_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@rebound/contract/auth';
import { Mail, Sparkles, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { type FieldError, type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { CheckboxField, FormAlert, PasswordField, TextField } from '../../../components/ui/Field';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCompleteLaunchProfile, useSignUp } from '../api';
import {
  type DetailsFormInput,
  type DetailsFormOutput,
  DetailsForm as DetailsSchema,
  firstDetailsProblem,
  REQUIRED_MESSAGE,
} from '../forms';

type DetailsFormProps = {
  email: string;
  /** Completing a launch-list signup (complete-launch-profile) rather than a new sign-up. */
  launch: boolean;
  onChangeEmail: () => void;
  onCreated: () => void;
};

type FieldName = keyof DetailsFormInput;

/** Server errors that belong to one field, shown under it as well as in the toast. */
const FIELD_OF_CODE: Partial<Record<string, FieldName>> = {
  passwords_mismatch: 'confirmPassword',
  password_too_short: 'password',
  password_too_long: 'password',
  password_too_common: 'password',
  handle_too_long: 'handle',
  handle_invalid: 'handle',
  handle_taken: 'handle',
  phone_invalid: 'phone',
  phone_taken: 'phone',
  terms_required: 'termsAccepted',
};

const EMPTY: DetailsFormInput = {
  firstName: '',
  lastName: '',
  handle: '',
  phone: '',
  password: '',
  confirmPassword: '',
  termsAccepted: false,
  marketingConsent: false,
};

/** An empty required field is only marked (the form says 'Please fill in all required fields.' once). */
function shown(error: FieldError | undefined): { error?: string; invalid?: boolean } {
  if (!error) return {};
  if (error.message === REQUIRED_MESSAGE) return { invalid: true };
  return { error: error.message };
}

/** The step's error toast (the form's checks and the server's): closed once the account is made. */
const DETAILS_ACTION = 'sign-up-details';

/** Step 2 of sign-up: the details, the form's checks first, then the server. */
export function DetailsForm({ email, launch, onChangeEmail, onCreated }: DetailsFormProps) {
  const headingId = useId();
  const summaryId = useId();
  const signUp = useSignUp();
  const completeLaunch = useCompleteLaunchProfile();
  const pending = signUp.isPending || completeLaunch.isPending;
  const errorTitle = launch ? AUTH_TEXT.launchCompleteErrorTitle : AUTH_TEXT.signUpErrorTitle;
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DetailsFormInput, unknown, DetailsFormOutput>({
    resolver: zodResolver(DetailsSchema),
    defaultValues: EMPTY,
  });

  const missing = Object.values(errors).some((e) => e?.message === REQUIRED_MESSAGE);

  function onInvalid(invalid: FieldErrors<DetailsFormInput>) {
    setServerError(null);
    const message = firstDetailsProblem(invalid as Record<string, { message?: string }>);
    if (message) toast.failed(DETAILS_ACTION, errorTitle, { description: message });
  }

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    const body = { ...values, email };
    const callbacks = {
      onSuccess: (answer: { title: string; message: string }) => {
        toast.succeeded(DETAILS_ACTION);
        toast.success(answer.title, { description: answer.message });
        onCreated();
      },
      onError: (error: Error) => {
        const message = errorMessageOf(error);
        toast.failed(DETAILS_ACTION, errorTitle, { description: message });
        const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
        if (field) setError(field, { message }, { shouldFocus: true });
        else setServerError(message);
      },
    };
    if (launch) completeLaunch.mutate(body, callbacks);
    else signUp.mutate(body, callbacks);
  }, onInvalid);

  return (
    <section aria-labelledby={headingId}>
      <p className="text-xs font-semibold tracking-widest text-brand-700 uppercase">Step 2 of 2</p>
      <h2 id={headingId} className="mt-1 text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
        {launch ? 'Complete your profile' : 'Your details'}
      </h2>

      {launch ? (
        <p className="mt-4 flex items-start gap-2.5 rounded-xl bg-brand-50 px-3.5 py-3 text-sm text-brand-900 ring-1 ring-brand-100 ring-inset">
          <Sparkles className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            You joined our launch list with this email. Finish your profile to turn it into a Rebound account.
          </span>
        </p>
      ) : null}

      <div className="mt-4 flex items-center gap-3 rounded-xl bg-ink-50 px-3.5 py-2.5 ring-1 ring-ink-200 ring-inset">
        <Mail className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
        <p className="min-w-0 flex-1 truncate text-sm">
          <span className="sr-only">Email: </span>
          <span className="font-semibold text-ink-900">{email}</span>
        </p>
        <Button variant="ghost" size="sm" className="-my-1 text-brand-700" onClick={onChangeEmail}>
          Change<span className="sr-only"> email</span>
        </Button>
      </div>

      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            describedBy={errors.firstName ? summaryId : undefined}
            {...shown(errors.firstName)}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            describedBy={errors.lastName ? summaryId : undefined}
            {...shown(errors.lastName)}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Bidder handle"
          autoComplete="nickname"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={HANDLE_MAX_LENGTH}
          required
          hint={`Shown publicly when you bid. Up to ${HANDLE_MAX_LENGTH} characters: letters, numbers, dots, dashes and underscores.`}
          describedBy={errors.handle ? summaryId : undefined}
          {...shown(errors.handle)}
          {...register('handle')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+1 604 555 0123"
          required
          hint="Used for pickup. Include your country code; Canadian and US numbers can skip it."
          describedBy={errors.phone ? summaryId : undefined}
          {...shown(errors.phone)}
          {...register('phone')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          describedBy={errors.password ? summaryId : undefined}
          {...shown(errors.password)}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          {...shown(errors.confirmPassword)}
          {...register('confirmPassword')}
        />

        <div className="flex flex-col gap-4 border-t border-ink-100 pt-5">
          <CheckboxField
            label={
              <>
                I accept the{' '}
                <Link
                  to="/terms-of-service"
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  Terms and Conditions
                  <span className="sr-only"> (opens in a new tab)</span>
                </Link>
              </>
            }
            required
            error={errors.termsAccepted?.message}
            {...register('termsAccepted')}
          />
          <CheckboxField
            label="Email me about new drops and deals (optional)"
            description="You can unsubscribe from any email with one click."
            {...register('marketingConsent')}
          />
        </div>

        {missing ? <FormAlert id={summaryId}>{REQUIRED_MESSAGE}</FormAlert> : null}
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}

        <Button type="submit" size="lg" block loading={pending}>
          <UserPlus aria-hidden="true" />
          {pending
            ? launch
              ? 'Saving...'
              : 'Creating account...'
            : launch
              ? 'Complete profile'
              : 'Create account'}
        </Button>
      </form>
    </section>
  );
}
