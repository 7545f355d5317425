import type { DeadLetterRow } from '@rebound/contract/admin-messages';
import { createColumnHelper } from '@tanstack/react-table';
import { RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AdminListPage } from '../../../components/admin/ListPage';
import type { ListState } from '../../../components/admin/use-list-state';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useDeadLetterAction, useDeadLetters } from '../api';

const col = createColumnHelper<DeadLetterRow>();
const CHANNEL: Record<DeadLetterRow['channel'], string> = { email: 'Email', sms: 'SMS', push: 'Push' };

/** 'payment_reminder' → 'Payment reminder'. */
function readable(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

function useDeadLetterRows(state: ListState) {
  return useDeadLetters(state.page, state.pageSize);
}

/** /admin/messages/failed: messages the outbox gave up on, to retry or discard. */
export function DeadLetters() {
  const action = useDeadLetterAction();
  const [discarding, setDiscarding] = useState<DeadLetterRow | null>(null);
  const [error, setError] = useState<string | null>(null);

  const retry = async (row: DeadLetterRow) => {
    setError(null);
    try {
      await action.mutateAsync({ id: row.id, action: 'retry' });
      toast.success(`Queued again for ${row.recipient}`);
    } catch (e) {
      setError(errorMessageOf(e));
    }
  };

  const columns = [
    col.accessor('template', {
      header: 'Message',
      enableSorting: false,
      cell: ({ row }) => (
        <span className="flex flex-col gap-1">
          <span className="font-medium text-ink-900">{readable(row.original.template)}</span>
          <span className="flex flex-wrap gap-1">
            <Badge>{CHANNEL[row.original.channel]}</Badge>
            {row.original.kind && row.original.kind !== row.original.template ? (
              <Badge>{readable(row.original.kind)}</Badge>
            ) : null}
          </span>
        </span>
      ),
    }),
    col.accessor('recipient', {
      header: 'To',
      enableSorting: false,
      cell: (c) => <span className="break-all">{c.getValue()}</span>,
    }),
    col.accessor('attempts', { header: 'Attempts', enableSorting: false, cell: (c) => c.getValue() }),
    col.accessor('lastError', {
      header: 'Last error',
      enableSorting: false,
      cell: (c) => (
        <span className="line-clamp-3 max-w-[24rem] min-w-[12rem] text-ink-800">{c.getValue() ?? '—'}</span>
      ),
    }),
    col.accessor('deadAt', {
      id: 'dead',
      header: 'Gave up',
      enableSorting: false,
      cell: (c) => <span className="whitespace-nowrap">{formatShopDateTime(c.getValue())}</span>,
    }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <span className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            loading={action.isPending && action.variables?.id === row.original.id}
            onClick={() => void retry(row.original)}
          >
            <RotateCcw aria-hidden="true" />
            Retry<span className="sr-only"> the message to {row.original.recipient}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDiscarding(row.original)}>
            <Trash2 aria-hidden="true" />
            Discard<span className="sr-only"> the message to {row.original.recipient}</span>
          </Button>
        </span>
      ),
    }),
  ];

  return (
    <>
      <AdminListPage
        title="Failed deliveries"
        description="Emails, texts and push messages the sender gave up on after its retries. Retry sends one again from the start; discard removes it (the audit log keeps it)."
        above={
          error ? (
            <div className="mb-4">
              <FormAlert>{error}</FormAlert>
            </div>
          ) : null
        }
        columns={columns as never}
        useRows={useDeadLetterRows}
        getRowId={(r: DeadLetterRow) => r.id}
        sort="dead"
        empty="Nothing failed: every message was delivered or is still being tried."
      />
      <DiscardDialog
        row={discarding}
        onClose={() => setDiscarding(null)}
        onConfirm={async (row) => {
          await action.mutateAsync({ id: row.id, action: 'discard' });
          toast.success('Message discarded');
        }}
      />
    </>
  );
}

function DiscardDialog({
  row,
  onClose,
  onConfirm,
}: {
  row: DeadLetterRow | null;
  onClose: () => void;
  onConfirm: (row: DeadLetterRow) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-md p-6">
        <DialogTitle className="pr-10 text-lg font-bold text-ink-950">Discard this message?</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-ink-700">
          {row ? `${readable(row.template)} to ${row.recipient}` : ''} will not be sent. The audit log keeps
          what it was.
        </DialogDescription>
        {error ? (
          <div className="mt-4">
            <FormAlert>{error}</FormAlert>
          </div>
        ) : null}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={busy}
            className="bg-danger-700 hover:bg-danger-700/90 active:bg-danger-700"
            onClick={async () => {
              if (!row) return;
              setBusy(true);
              setError(null);
              try {
                await onConfirm(row);
                onClose();
              } catch (e) {
                setError(errorMessageOf(e));
              } finally {
                setBusy(false);
              }
            }}
          >
            Discard message
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
