import { zodResolver } from '@hookform/resolvers/zod';
import { normalizeEmail } from '@rebound/core/email';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { EmailField } from '../../../components/ui/Field';
import { errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useForgotPassword } from '../api';
import { EmailStepForm } from '../forms';

type RequestResetFormProps = {
  defaultEmail?: string;
  /** After the request went out (the answer is the same whether or not the email has an account). */
  onSent?: () => void;
};

/** Asks for a password reset link by email. */
export function RequestResetForm({ defaultEmail = '', onSent }: RequestResetFormProps) {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailStepForm>({
    resolver: zodResolver(EmailStepForm),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit(({ email }) => {
    forgot.mutate(normalizeEmail(email), {
      onSuccess: (answer) => {
        toast.succeeded('reset-link');
        toast.success(answer.title, { description: answer.message });
        onSent?.();
      },
      onError: (error) => {
        const message = errorMessageOf(error);
        setError('email', { message });
        toast.failed('reset-link', 'Could not send the link', { description: message });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <EmailField required error={errors.email?.message} {...register('email')} />
      <Button type="submit" size="lg" block loading={forgot.isPending}>
        <Send aria-hidden="true" />
        {forgot.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}
