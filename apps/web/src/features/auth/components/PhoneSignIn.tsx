import { AUTH_TEXT } from '@rebound/contract/auth';
import { isOtpCode, normalizePhone, OTP_CODE_LENGTH } from '@rebound/core/phone';
import { safeReturnPath } from '@rebound/core/return-path';
import { MessageSquareText, RotateCw, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { flashToastAfterReload } from '../../../lib/flash-toast';
import { toast } from '../../../lib/toast';
import { useSendCode, useVerifyCode } from '../api';

/** The error toasts of sending a code and of checking one: each closed once its action works. */
const SEND_CODE_ACTION = 'phone-code-send';
const CHECK_CODE_ACTION = 'phone-code-check';

/** The server's cooldown between two codes to one number (docs/product.md "Accounts and sign-in"). */
const RESEND_COOLDOWN_S = 60;

/** Seconds left until `until` (a Date.now() value), ticking once a second; 0 when passed. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * Phone sign-in: the number with its country code, then the 6-digit code texted
 * to it, then a full reload of the home page, signed in.
 */
export function PhoneSignIn() {
  const headingId = useId();
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [resendAt, setResendAt] = useState(0);
  const sendCode = useSendCode();

  function send(number: string, onSent?: () => void) {
    sendCode.mutate(number, {
      onSuccess: (answer) => {
        setSentTo(answer.phone);
        setResendAt(Date.now() + RESEND_COOLDOWN_S * 1000);
        toast.succeeded(SEND_CODE_ACTION);
        toast.success(answer.title, { description: answer.message });
        onSent?.();
      },
      onError: (error) => {
        const message = errorMessageOf(error);
        if (error instanceof ApiError && error.code === 'code_cooldown') {
          setResendAt(Date.now() + RESEND_COOLDOWN_S * 1000);
        } else if (!sentTo) {
          setPhoneError(message);
        }
        toast.failed(SEND_CODE_ACTION, AUTH_TEXT.codeSendErrorTitle, { description: message });
      },
    });
  }

  function onSubmitNumber(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = normalizePhone(phone);
    if (!result.ok) {
      setPhoneError(result.message);
      toast.failed(SEND_CODE_ACTION, AUTH_TEXT.codeSendErrorTitle, { description: result.message });
      return;
    }
    setPhoneError(undefined);
    send(result.e164);
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
        Sign in with your phone
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        {sentTo ? (
          <>
            Enter the {OTP_CODE_LENGTH}-digit code we sent to{' '}
            <span className="font-semibold whitespace-nowrap text-ink-900">{sentTo}</span>.
          </>
        ) : (
          `We'll text a ${OTP_CODE_LENGTH}-digit code to the number on your account.`
        )}
      </p>

      {sentTo ? (
        <CodeStep
          phone={sentTo}
          resendAt={resendAt}
          resending={sendCode.isPending}
          onResend={() => send(sentTo)}
          onChangeNumber={() => {
            setSentTo(null);
            sendCode.reset();
          }}
        />
      ) : (
        <form onSubmit={onSubmitNumber} noValidate className="mt-6 flex flex-col gap-5">
          <TextField
            label="Phone number"
            type="tel"
            name="phone"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+1 604 555 0123"
            required
            value={phone}
            onChange={(event) => {
              setPhone(event.target.value);
              setPhoneError(undefined);
            }}
            error={phoneError}
            hint="With country code, e.g. +1 for Canada and the US."
          />
          <Button type="submit" size="lg" block loading={sendCode.isPending}>
            <MessageSquareText aria-hidden="true" />
            {sendCode.isPending ? 'Sending code...' : 'Send code'}
          </Button>
        </form>
      )}
    </section>
  );
}

type CodeStepProps = {
  phone: string;
  resendAt: number;
  resending: boolean;
  onResend: () => void;
  onChangeNumber: () => void;
};

function CodeStep({ phone, resendAt, resending, onResend, onChangeNumber }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const verify = useVerifyCode();
  const secondsLeft = useSecondsLeft(resendAt);
  const complete = isOtpCode(code);

  useEffect(() => input.current?.focus(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete) return;
    setCodeError(undefined);
    verify.mutate(
      { phone, code },
      {
        onSuccess: (answer) => {
          toast.succeeded(CHECK_CODE_ACTION);
          // A full reload: the whole app starts again, signed in.
          flashToastAfterReload({ kind: 'success', title: answer.title, description: answer.message });
          window.location.assign(
            safeReturnPath(new URLSearchParams(window.location.search).get('next')) ?? '/',
          );
        },
        onError: (error) => {
          const message = errorMessageOf(error);
          setCodeError(message);
          toast.failed(CHECK_CODE_ACTION, AUTH_TEXT.codeInvalidTitle, { description: message });
          input.current?.select();
        },
      },
    );
  }

  // Still busy after success: the page is about to reload.
  const busy = verify.isPending || verify.isSuccess;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
      <TextField
        ref={input}
        label="Verification code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={OTP_CODE_LENGTH}
        placeholder="000000"
        value={code}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH));
          setCodeError(undefined);
        }}
        error={codeError}
        hint="The code works for 5 minutes."
        inputClassName="h-14 indent-[0.5em] text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl placeholder:text-ink-300"
      />
      <Button type="submit" size="lg" block disabled={!complete} loading={busy}>
        <ShieldCheck aria-hidden="true" />
        {busy ? 'Verifying...' : 'Verify & Sign In'}
      </Button>
      <div className="-mx-3 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <Button variant="ghost" size="sm" onClick={onChangeNumber}>
          Change number
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-brand-700"
          disabled={secondsLeft > 0}
          loading={resending}
          onClick={onResend}
        >
          <RotateCw aria-hidden="true" />
          Resend code
          {secondsLeft > 0 ? (
            <span className="font-normal tabular-nums text-ink-600" aria-live="off">
              in {secondsLeft}s
            </span>
          ) : null}
        </Button>
      </div>
    </form>
  );
}
