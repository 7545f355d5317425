import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_MESSAGE_MAX,
  type ContactMessageInput,
  type ContactMessageRequest,
  type ContactMessageResponse,
  ContactMessageRequest as ContactSchema,
} from '@rebound/contract/inbox';
import { API } from '@rebound/contract/routes';
import { clsx } from 'clsx';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { EmailField, TextField } from '../../../components/ui/Field';
import { TextAreaField } from '../../../components/ui/FormFields';
import { errorMessageOf, sendJson } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

const EMPTY: ContactMessageInput = { name: '', email: '', message: '' };

/**
 * 'Send us a message': name, email and message, checked in the browser with the contract's schema,
 * then stored by the server for the team (POST /api/contact-messages). The toast says what the server
 * answered it did: the message is saved; nothing claims an email was sent.
 */
export function ContactForm() {
  const headingId = useId();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput, unknown, ContactMessageRequest>({
    resolver: zodResolver(ContactSchema),
    defaultValues: EMPTY,
  });

  const messageLength = watch('message')?.length ?? 0;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await sendJson<ContactMessageResponse>('POST', API.contactMessages, values);
      toast.succeeded('contact');
      toast.success(answer.title, { description: answer.message });
      reset(EMPTY);
    } catch (error) {
      // What was typed stays in the form, to send again.
      toast.failed('contact', 'Your message was not sent', { description: errorMessageOf(error) });
    }
  });

  const messageError = errors.message?.message;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-200/80 sm:p-8"
    >
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
        Send us a message
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Fields marked <span className="text-danger-700">*</span> are required.
      </p>

      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5" aria-labelledby={headingId}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Name"
            autoComplete="name"
            required
            error={errors.name?.message}
            {...register('name')}
          />
          <EmailField required error={errors.email?.message} {...register('email')} />
        </div>

        <TextAreaField
          label="Message"
          rows={6}
          required
          textAreaClassName="min-h-36 py-3 leading-relaxed"
          error={messageError}
          hint={
            <>
              About an order? Include your order number. Up to {CONTACT_MESSAGE_MAX.toLocaleString('en-CA')}{' '}
              characters.
            </>
          }
          hintAside={
            <p
              aria-hidden="true"
              className={clsx(
                'shrink-0 tabular-nums',
                messageLength > CONTACT_MESSAGE_MAX && 'font-semibold text-danger-700',
              )}
            >
              {messageLength.toLocaleString('en-CA')} / {CONTACT_MESSAGE_MAX.toLocaleString('en-CA')}
            </p>
          }
          {...register('message')}
        />

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs leading-relaxed text-ink-600 sm:max-w-xs">
            We use your details only to answer you, as our{' '}
            <Link
              to="/privacy-policy"
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Privacy Policy
            </Link>{' '}
            explains.
          </p>
          <Button type="submit" size="lg" loading={isSubmitting} className="sm:min-w-44">
            <Send aria-hidden="true" />
            Send message
          </Button>
        </div>
      </form>
    </section>
  );
}
