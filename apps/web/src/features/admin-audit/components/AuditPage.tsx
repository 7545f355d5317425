import { AUDIT_ACTION_LABELS, type AuditEntry } from '@rebound/contract/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { AdminListPage } from '../../../components/admin/ListPage';
import { Button } from '../../../components/ui/Button';
import { formatShopDateTime } from '../../../lib/format-date';
import { useAuditLog } from '../api';

const col = createColumnHelper<AuditEntry>();

type Json = AuditEntry['before'];

function show(value: Json | undefined): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value || '(empty)';
  return JSON.stringify(value);
}

/** The fields that changed, 'status: active → suspended'. */
export function changes(before: Json, after: Json): string[] {
  const b = before && typeof before === 'object' && !Array.isArray(before) ? before : {};
  const a = after && typeof after === 'object' && !Array.isArray(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => `${k}: ${show(b[k])} → ${show(a[k])}`);
}

const columns = [
  col.accessor('at', {
    id: 'at',
    header: 'When',
    cell: (c) => <span className="whitespace-nowrap">{formatShopDateTime(c.getValue())}</span>,
  }),
  col.accessor('actor', {
    header: 'Who',
    enableSorting: false,
    cell: (c) => {
      const actor = c.getValue();
      return actor ? (
        <span title={actor.email}>@{actor.handle}</span>
      ) : (
        <span className="text-ink-600">deleted account</span>
      );
    },
  }),
  col.accessor('action', {
    header: 'What',
    enableSorting: false,
    cell: (c) => (
      <span>
        <span className="font-medium text-ink-900">{AUDIT_ACTION_LABELS[c.getValue()] ?? c.getValue()}</span>
        <span className="block font-mono text-xs text-ink-600">{c.getValue()}</span>
      </span>
    ),
  }),
  col.display({
    id: 'record',
    header: 'Record',
    cell: ({ row }) => {
      const { entityType, entityId } = row.original;
      const text = (
        <span className="font-mono text-xs break-all">
          {entityType}
          {entityId ? ` ${entityId}` : ''}
        </span>
      );
      // People have a page in the back-office: the record links to it.
      return entityType === 'user' && entityId ? (
        <Link to={`/admin/people/${entityId}`} className="text-brand-800 underline-offset-2 hover:underline">
          {text}
        </Link>
      ) : (
        text
      );
    },
  }),
  col.display({
    id: 'changes',
    header: 'Before → after',
    cell: ({ row }) => {
      const list = changes(row.original.before, row.original.after);
      return list.length ? (
        <ul className="max-w-sm text-xs break-words">
          {list.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <span className="text-ink-600">—</span>
      );
    },
  }),
  col.accessor('reason', {
    header: 'Reason',
    enableSorting: false,
    cell: (c) => <span className="block max-w-xs">{c.getValue() ?? '—'}</span>,
  }),
];

const ENTITY_OPTIONS = [
  { value: '', label: 'Everything' },
  { value: 'user', label: 'People' },
  { value: 'product', label: 'Products' },
  { value: 'auction', label: 'Auctions' },
  { value: 'order', label: 'Orders' },
  { value: 'refund', label: 'Refunds' },
  { value: 'pickup', label: 'Pickups' },
];

/** /admin/audit: every staff action, newest first, with filters. */
export default function AuditPage() {
  return (
    <AdminListPage
      title="Audit log"
      description="Every change staff make: who, what, before and after, and when."
      columns={columns as never}
      useRows={useAuditLog}
      getRowId={(row: AuditEntry) => row.id}
      sort="at"
      search={{ label: 'Search the log', placeholder: 'Action, record, reason or staff member' }}
      filters={[{ name: 'entityType', label: 'Record type', options: ENTITY_OPTIONS }]}
      hiddenFilters={['entityId', 'actorId', 'action']}
      toolbar={({ state, setState }) =>
        state.filters.entityId || state.filters.actorId || state.filters.action ? (
          <Button
            variant="secondary"
            onClick={() => setState({ filters: { entityId: '', actorId: '', action: '' } })}
          >
            <X aria-hidden="true" />
            Showing one{' '}
            {state.filters.entityId ? 'record' : state.filters.actorId ? 'staff member' : 'action'}: show all
          </Button>
        ) : null
      }
      empty={({ filtered }) => (filtered ? 'No entries match.' : 'No staff action yet.')}
    />
  );
}
