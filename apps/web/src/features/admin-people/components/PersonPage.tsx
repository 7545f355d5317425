import { ApproveBiddingForm, NotesBody, type PersonDetail, ReasonBody } from '@rebound/contract/admin-people';
import { formatCents } from '@rebound/core/money';
import { History, ShieldCheck, ShieldOff, UserCheck, UserX } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { ColumnHeads } from '../../../components/admin/ColumnHeads';
import { AdminDetailFrame } from '../../../components/admin/DetailFrame';
import { ReasonDialog, useContractForm } from '../../../components/admin/form';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { TextAreaField } from '../../../components/ui/FormFields';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDate, formatShopDateTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { usePerson, usePersonChange } from '../api';

type Pending =
  | { kind: 'suspend' | 'restore' | 'make-staff' | 'remove-staff' }
  | { kind: 'strike'; strikeId: string; reason: string };

/** /admin/people/:id: one person, and what staff may change about them. */
export function PersonPage() {
  const { id = '' } = useParams();
  const query = usePerson(id);
  return (
    <AdminDetailFrame query={query} back={{ to: '/admin/people', label: 'All people' }} what="person">
      {(detail) => <Person detail={detail} />}
    </AdminDetailFrame>
  );
}

function Person({ detail }: { detail: PersonDetail }) {
  const { person } = detail;
  const me = useSession().user;
  const change = usePersonChange(person.id);
  const [pending, setPending] = useState<Pending | null>(null);
  const name = `${person.firstName} ${person.lastName}`.trim() || `@${person.handle}`;
  const isSelf = me?.id === person.id;

  const dialogs: Record<
    Pending['kind'],
    { title: string; description: string; confirm: string; danger?: boolean }
  > = {
    suspend: {
      title: `Suspend ${name}?`,
      description:
        person.role === 'staff'
          ? 'They are signed out everywhere at once and cannot open the back-office until restored.'
          : 'They are signed out everywhere at once. They can sign in again and pay for what they won, but cannot bid until restored.',
      confirm: 'Suspend account',
      danger: true,
    },
    restore: {
      title: `Restore ${name}?`,
      description: 'The account becomes active again.',
      confirm: 'Restore account',
    },
    'make-staff': {
      title: `Make ${name} staff?`,
      description: 'Staff can open the back-office and change anything in it. Staff accounts cannot bid.',
      confirm: 'Make staff',
    },
    'remove-staff': {
      title: `Remove ${name} from staff?`,
      description: 'They become a shopper and lose the back-office.',
      confirm: 'Remove from staff',
      danger: true,
    },
    strike: {
      title: 'Remove this strike?',
      description: 'The strike no longer counts. A suspension stays until you restore the account.',
      confirm: 'Remove strike',
    },
  };

  async function confirm(reason: string) {
    if (!pending) return;
    const done = (message: string) => () => toast.success(message);
    switch (pending.kind) {
      case 'suspend':
        return change.mutateAsync({ kind: 'suspend', reason }).then(done('Account suspended'));
      case 'restore':
        return change.mutateAsync({ kind: 'restore', reason }).then(done('Account restored'));
      case 'make-staff':
        return change.mutateAsync({ kind: 'role', body: { role: 'staff', reason } }).then(done('Now staff'));
      case 'remove-staff':
        return change
          .mutateAsync({ kind: 'role', body: { role: 'shopper', reason } })
          .then(done('Removed from staff'));
      case 'strike':
        return change
          .mutateAsync({ kind: 'strike', strikeId: pending.strikeId, reason })
          .then(done('Strike removed'));
    }
  }

  const dialog = pending ? dialogs[pending.kind] : null;
  const activeStrikes = detail.strikes.filter((s) => !s.removedAt);

  return (
    <>
      <AdminPageHeader
        title={name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>@{person.handle}</span>
            {person.role === 'staff' ? <Badge tone="brand">Staff</Badge> : <Badge>Shopper</Badge>}
            {person.status === 'suspended' ? (
              <Badge tone="danger">Suspended</Badge>
            ) : (
              <Badge tone="brand">Active</Badge>
            )}
          </span>
        }
        actions={
          <>
            {person.status === 'active' ? (
              <Button variant="secondary" disabled={isSelf} onClick={() => setPending({ kind: 'suspend' })}>
                <UserX aria-hidden="true" />
                Suspend
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => setPending({ kind: 'restore' })}>
                <UserCheck aria-hidden="true" />
                Restore
              </Button>
            )}
            {person.role === 'staff' ? (
              <Button
                variant="secondary"
                disabled={isSelf}
                onClick={() => setPending({ kind: 'remove-staff' })}
              >
                <ShieldOff aria-hidden="true" />
                Remove from staff
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => setPending({ kind: 'make-staff' })}>
                <ShieldCheck aria-hidden="true" />
                Make staff
              </Button>
            )}
            <Link
              to={`/admin/audit?entityType=user&entityId=${person.id}`}
              className="inline-flex h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              <History className="size-4" aria-hidden="true" />
              History
            </Link>
          </>
        }
      />
      {isSelf ? (
        <p className="-mt-3 mb-5 text-sm text-ink-600">
          This is your own account: you cannot suspend it or remove your staff role.
        </p>
      ) : null}

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card title={`Strikes (${activeStrikes.length} active)`}>
            {detail.strikes.length === 0 ? (
              <p className="text-sm text-ink-600">No strikes.</p>
            ) : (
              <ul className="divide-y divide-ink-100">
                {detail.strikes.map((s) => (
                  <li key={s.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                    <div className="min-w-0 text-sm">
                      <p className={s.removedAt ? 'text-ink-600 line-through' : 'font-medium text-ink-900'}>
                        {s.reason}
                      </p>
                      <p className="text-xs text-ink-600">
                        Given {formatShopDate(s.createdAt)}
                        {s.removedAt
                          ? ` · removed ${formatShopDate(s.removedAt)}${s.removedBy ? ` by @${s.removedBy}` : ''}: ${s.removedReason ?? ''}`
                          : ''}
                      </p>
                    </div>
                    {s.removedAt ? null : (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setPending({ kind: 'strike', strikeId: s.id, reason: s.reason })}
                      >
                        Remove strike<span className="sr-only">: {s.reason}</span>
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card title={`Orders (${detail.orders.length})`}>
            {detail.orders.length === 0 ? (
              <p className="text-sm text-ink-600">No orders yet.</p>
            ) : (
              <SimpleTable
                caption="Orders"
                head={['Order', 'Item', 'Status', 'Total', 'Won']}
                rows={detail.orders.map((o) => [
                  `#${o.orderNumber}`,
                  o.productTitle,
                  o.statusLabel,
                  formatCents(o.totalCents),
                  formatShopDate(o.createdAt),
                ])}
              />
            )}
          </Card>

          <Card title={`Bids (${detail.bidCount.toLocaleString('en-CA')})`}>
            {detail.bids.length === 0 ? (
              <p className="text-sm text-ink-600">No bids yet.</p>
            ) : (
              <SimpleTable
                caption={detail.bidCount > detail.bids.length ? 'The 50 latest bids' : 'Bids'}
                head={['Item', 'Amount', 'When', 'Auction']}
                rows={detail.bids.map((b) => [
                  b.productTitle,
                  formatCents(b.amountCents),
                  formatShopDateTime(b.at),
                  `${b.auctionStatus}${b.leading ? (b.auctionStatus === 'ended' ? ' · won' : ' · leading') : ''}`,
                ])}
              />
            )}
          </Card>
        </div>

        <div className="flex flex-col gap-6">
          <Card title="Contact">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-ink-600">Email</dt>
              <dd className="break-all text-ink-900">
                {person.email} {person.emailVerified ? '' : <Badge tone="gold">unconfirmed</Badge>}
              </dd>
              <dt className="text-ink-600">Phone</dt>
              <dd className="text-ink-900">{person.phone ?? '—'}</dd>
              <dt className="text-ink-600">Joined</dt>
              <dd className="text-ink-900">{formatShopDate(person.joinedAt)}</dd>
              <dt className="text-ink-600">Marketing</dt>
              <dd className="text-ink-900">{person.marketingConsent ? 'Consented' : 'No consent'}</dd>
            </dl>
          </Card>
          {person.role === 'shopper' ? <BiddingCard detail={detail} /> : null}
          <NotesCard personId={person.id} notes={person.staffNotes} />
        </div>
      </div>

      {dialog ? (
        <ReasonDialog
          open
          onOpenChange={(open) => {
            if (!open) setPending(null);
          }}
          title={dialog.title}
          description={dialog.description}
          confirmLabel={dialog.confirm}
          danger={dialog.danger ?? false}
          schema={ReasonBody}
          onConfirm={confirm}
        />
      ) : null}
    </>
  );
}

/**
 * The account's bidding limits (docs/product.md "Bidding limits"): the highest maximum staff allow,
 * and whether the store's new-account cap holds, with the approval that lifts it.
 */
function BiddingCard({ detail }: { detail: PersonDetail }) {
  const b = detail.bidding;
  const change = usePersonChange(detail.person.id);
  const [limit, setLimit] = useState(b.limitCents === null ? '' : (b.limitCents / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const [approving, setApproving] = useState(false);
  useEffect(() => setLimit(b.limitCents === null ? '' : (b.limitCents / 100).toFixed(2)), [b.limitCents]);
  const cap = formatCents(b.newAccountCapCents);
  async function save(value: string | null) {
    setError(null);
    try {
      await change.mutateAsync({ kind: 'bid-limit', body: { limit: value } });
      toast.success(value === null ? 'Bidding limit removed' : 'Bidding limit saved');
    } catch (e) {
      setError(errorMessageOf(e));
    }
  }
  const why = !b.phoneConfirmed
    ? 'their phone number is not confirmed'
    : `the account is new until ${formatShopDate(b.newAccountUntil)}`;
  return (
    <Card title="Bidding limits">
      <div className="flex flex-col gap-3 text-sm">
        <p className="text-ink-800" data-testid="bidding-status">
          {b.limitCents !== null
            ? `May place maximums up to ${formatCents(b.limitCents)} (the limit staff set; it replaces the new-account limit).`
            : b.underNewAccountRule
              ? `May bid up to ${cap} until approved: ${why}.`
              : b.approvedAt
                ? `No limit. Approved for bids above ${cap} on ${formatShopDate(b.approvedAt)}.`
                : 'No limit.'}
        </p>
        {b.limitCents === null && b.underNewAccountRule ? (
          <div>
            <Button size="sm" onClick={() => setApproving(true)}>
              <ShieldCheck aria-hidden="true" />
              Approve bids above {cap}
            </Button>
          </div>
        ) : null}
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save(limit.trim() === '' ? null : limit.trim());
          }}
        >
          {error ? <FormAlert>{error}</FormAlert> : null}
          <TextField
            label="Highest maximum allowed (CAD)"
            inputMode="decimal"
            placeholder="No limit"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            hint="Bids above it are refused: 'Your bidding limit is $X; contact us to raise it.' Leave empty for none."
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" loading={change.isPending}>
              Save limit
            </Button>
            {b.limitCents !== null ? (
              <Button variant="secondary" size="sm" onClick={() => void save(null)}>
                Remove limit
              </Button>
            ) : null}
          </div>
        </form>
      </div>
      <ReasonDialog
        open={approving}
        onOpenChange={setApproving}
        title={`Approve ${detail.person.handle} for bids above ${cap}?`}
        description={`The new-account limit no longer holds for them (${why}). A limit you set still does.`}
        confirmLabel="Approve"
        reasonLabel="Reason (optional)"
        schema={ApproveBiddingForm}
        onConfirm={async (reason) => {
          await change.mutateAsync({ kind: 'approve-bidding', reason });
          toast.success('Approved for larger bids');
        }}
      />
    </Card>
  );
}

function NotesCard({ personId, notes }: { personId: string; notes: string }) {
  const change = usePersonChange(personId);
  const form = useContractForm(NotesBody, { notes });
  const [error, setError] = useState<string | null>(null);
  // The saved notes changed (saved here or elsewhere): show them.
  useEffect(() => form.reset({ notes }), [notes, form]);
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await change.mutateAsync({ kind: 'notes', body: values });
      toast.success('Notes saved');
    } catch (e) {
      setError(errorMessageOf(e));
    }
  });
  return (
    <Card title="Staff notes">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextAreaField
          label="Notes (staff only)"
          rows={4}
          error={form.formState.errors.notes?.message}
          {...form.register('notes')}
        />
        <div>
          <Button
            type="submit"
            size="sm"
            loading={form.formState.isSubmitting}
            disabled={!form.formState.isDirty}
          >
            Save notes
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-ink-200 bg-white p-5">
      <h2 className="mb-3 font-semibold text-ink-950">{title}</h2>
      {children}
    </section>
  );
}

function SimpleTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    // Focusable, so the keyboard can scroll it sideways on a phone.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1).
      tabIndex={0}
      aria-label={caption}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads columns={head} />
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t border-ink-100">
              {r.map((cell, j) => (
                <td key={j} className="py-2 pr-3 text-ink-800">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
