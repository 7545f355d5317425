import { type ContactDetail, ContactReplyBody } from '@rebound/contract/admin-messages';
import { CircleCheck, CircleX, Clock, History, RotateCcw, Send, XCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { AdminDetailFrame } from '../../../components/admin/DetailFrame';
import { useContractForm } from '../../../components/admin/form';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { TextAreaField } from '../../../components/ui/FormFields';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useContactChange, useContactMessage } from '../api';
import { ContactStatusBadge } from './labels';

/** /admin/messages/:id: one contact message, its reply, and what staff can do with it. */
export function ContactMessagePage() {
  const { id = '' } = useParams();
  const query = useContactMessage(id);
  return (
    <AdminDetailFrame query={query} back={{ to: '/admin/messages', label: 'All messages' }} what="message">
      {(detail) => <Message detail={detail} />}
    </AdminDetailFrame>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-ink-200 bg-white p-5" aria-label={title}>
      <h2 className="mb-3 text-base font-semibold text-ink-950">{title}</h2>
      {children}
    </section>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-3 text-sm leading-relaxed break-words whitespace-pre-line text-ink-900">
      {text}
    </div>
  );
}

/** The reply email's state, as the outbox says: never "sent" before it is. */
function Delivery({ delivery }: { delivery: NonNullable<ContactDetail['delivery']> }) {
  const base = 'mt-3 flex items-start gap-2 text-sm';
  switch (delivery.status) {
    case 'sent':
      return (
        <p className={`${base} text-brand-800`} role="status">
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Email sent{delivery.sentAt ? ` ${formatShopDateTime(delivery.sentAt)}` : ''}.
        </p>
      );
    case 'queued':
      return (
        <p className={`${base} text-ink-700`} role="status">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Email queued: it goes out in a moment.
        </p>
      );
    case 'retrying':
      return (
        <p className={`${base} text-ink-800`} role="status">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          The email could not be sent yet ({delivery.error}); it will be tried again.
        </p>
      );
    case 'failed':
      return (
        <p className={`${base} text-danger-700`} role="status">
          <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          The email could not be delivered: {delivery.error}. See Failed deliveries to retry it.
        </p>
      );
  }
}

function Message({ detail }: { detail: ContactDetail }) {
  const change = useContactChange(detail.id);
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(ContactReplyBody, { reply: '' });

  const act = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await work();
      toast.success(done);
    } catch (e) {
      setError(errorMessageOf(e));
    }
  };
  const onReply = form.handleSubmit((values) =>
    act(async () => {
      await change.mutateAsync({ kind: 'reply', reply: values.reply });
      form.reset({ reply: '' });
    }, 'Reply queued for sending'),
  );

  return (
    <>
      <AdminPageHeader
        title={`Message from ${detail.name}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <ContactStatusBadge status={detail.status} />
            <span>Received {formatShopDateTime(detail.receivedAt)}</span>
          </span>
        }
        actions={
          <>
            {detail.status === 'new' ? (
              <Button
                variant="secondary"
                loading={change.isPending && change.variables?.kind === 'close'}
                onClick={() => act(() => change.mutateAsync({ kind: 'close' }), 'Message closed')}
              >
                <XCircle aria-hidden="true" />
                Close without reply
              </Button>
            ) : (
              <Button
                variant="secondary"
                loading={change.isPending && change.variables?.kind === 'reopen'}
                onClick={() => act(() => change.mutateAsync({ kind: 'reopen' }), 'Message reopened')}
              >
                <RotateCcw aria-hidden="true" />
                Reopen
              </Button>
            )}
            <Link
              to={`/admin/audit?entityType=contact_message&entityId=${detail.id}`}
              className="inline-flex h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              <History className="size-4" aria-hidden="true" />
              History
            </Link>
          </>
        }
      />
      {error ? (
        <div className="mb-5">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card title="Their message">
            <Paragraphs text={detail.message} />
          </Card>

          {detail.reply ? (
            <Card title={detail.status === 'answered' ? 'Your reply' : 'Last reply'}>
              <Paragraphs text={detail.reply} />
              {detail.handledBy && detail.handledAt ? (
                <p className="mt-3 text-xs text-ink-600">
                  By @{detail.handledBy.handle} · {formatShopDateTime(detail.handledAt)}
                </p>
              ) : null}
              {detail.delivery ? <Delivery delivery={detail.delivery} /> : null}
            </Card>
          ) : null}

          {detail.status === 'new' ? (
            <Card title="Reply">
              <form onSubmit={onReply} noValidate className="flex flex-col gap-3">
                <TextAreaField
                  label={`Reply to ${detail.email}`}
                  rows={8}
                  hint="Sent by email from Rebound, with their message quoted under it. The message is then marked answered."
                  error={form.formState.errors.reply?.message}
                  {...form.register('reply')}
                />
                <div>
                  <Button type="submit" loading={form.formState.isSubmitting}>
                    <Send aria-hidden="true" />
                    Send reply
                  </Button>
                </div>
              </form>
            </Card>
          ) : detail.status === 'closed' ? (
            <p className="text-sm text-ink-700">
              Closed without a reply
              {detail.handledBy ? ` by @${detail.handledBy.handle}` : ''}
              {detail.handledAt ? ` · ${formatShopDateTime(detail.handledAt)}` : ''}. Reopen it to reply.
            </p>
          ) : null}
        </div>

        <div className="flex flex-col gap-6">
          <Card title="Sender">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-ink-600">Name</dt>
              <dd className="break-words text-ink-900">{detail.name}</dd>
              <dt className="text-ink-600">Email</dt>
              <dd className="break-all text-ink-900">
                <a
                  className="text-brand-800 underline-offset-2 hover:underline"
                  href={`mailto:${detail.email}`}
                >
                  {detail.email}
                </a>
              </dd>
              <dt className="text-ink-600">Account</dt>
              <dd className="text-ink-900">
                {detail.account ? (
                  <Link
                    className="text-brand-800 underline-offset-2 hover:underline"
                    to={`/admin/people/${detail.account.id}`}
                  >
                    @{detail.account.handle}
                  </Link>
                ) : (
                  'Not signed in'
                )}
              </dd>
            </dl>
          </Card>
        </div>
      </div>
    </>
  );
}
