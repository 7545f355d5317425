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
import { Send, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { EmailField, inputClasses, TextField } from '../../../components/ui/Field';
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
  const messageId = useId();
  const messageHintId = useId();
  const messageErrorId = useId();
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

        <div className="flex flex-col gap-1.5">
          <span className="inline-flex items-baseline gap-0.5">
            <label htmlFor={messageId} className="text-sm font-semibold text-ink-900">
              Message
            </label>
            {/* Outside the label, as in the shared fields: the textarea's name stays 'Message'. */}
            <span className="text-sm font-semibold text-danger-700" aria-hidden="true">
              *
            </span>
          </span>
          <textarea
            id={messageId}
            rows={6}
            required
            aria-invalid={messageError ? true : undefined}
            aria-describedby={clsx(messageError && messageErrorId, messageHintId)}
            className={clsx(inputClasses, 'h-auto min-h-36 resize-y py-3 leading-relaxed')}
            {...register('message')}
          />
          {messageError ? (
            <p id={messageErrorId} className="flex items-start gap-1.5 text-sm font-medium text-danger-700">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {messageError}
            </p>
          ) : null}
          <div className="flex items-start justify-between gap-4 text-xs text-ink-600">
            <p id={messageHintId}>
              About an order? Include your order number. Up to {CONTACT_MESSAGE_MAX.toLocaleString('en-CA')}{' '}
              characters.
            </p>
            <p
              aria-hidden="true"
              className={clsx(
                'shrink-0 tabular-nums',
                messageLength > CONTACT_MESSAGE_MAX && 'font-semibold text-danger-700',
              )}
            >
              {messageLength.toLocaleString('en-CA')} / {CONTACT_MESSAGE_MAX.toLocaleString('en-CA')}
            </p>
          </div>
        </div>

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
