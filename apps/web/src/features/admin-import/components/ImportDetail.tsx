import {
  IMPORT_STATUS_LABELS,
  type ImportRow,
  type ImportSummary,
  MANIFEST_COLUMNS,
} from '@rebound/contract/admin-import';
import { API } from '@rebound/contract/routes';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, Download, Trash2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { ColumnHeads } from '../../../components/admin/ColumnHeads';
import { AdminDetailFrame } from '../../../components/admin/DetailFrame';
import { Badge } from '../../../components/ui/Badge';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { useDiscardImport, useImport, useImportRows, useStartImport } from '../api';
import { statusTone } from './status';

const n = (v: number) => v.toLocaleString('en-CA');
const PAGE_SIZE = 50;

/** The columns the preview table shows (description and desk notes live in the report). */
const SHOWN = [
  'sku',
  'title',
  'brand',
  'category',
  'condition',
  'retail_price',
  'resale_price',
  'featured',
  'sale_terms',
  'images',
] as const;
const LABEL = Object.fromEntries(MANIFEST_COLUMNS.map((c) => [c.key, c.label])) as Record<string, string>;

/** /admin/import/:id: the preview with its errors, the import's progress, then its report. */
export function ImportDetail() {
  const { id = '' } = useParams();
  const imp = useImport(id);
  return (
    <AdminDetailFrame
      query={imp}
      back={{ to: '/admin/import', label: 'All imports' }}
      what="import"
      notFound={{ title: 'Import not found', message: 'It may have been discarded; upload the file again.' }}
    >
      {(loaded) => <Loaded imp={loaded} />}
    </AdminDetailFrame>
  );
}

function Loaded({ imp }: { imp: ImportSummary }) {
  return (
    <>
      <AdminPageHeader
        title={imp.fileName}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <Badge tone={statusTone(imp.status)}>{IMPORT_STATUS_LABELS[imp.status]}</Badge>
            <span>
              Uploaded {formatShopDateTime(new Date(imp.createdAt))}
              {imp.createdBy ? ` by ${imp.createdBy}` : ''}
            </span>
          </span>
        }
        actions={
          imp.status === 'done' || imp.status === 'failed' ? (
            <a
              href={API.adminImportReportCsv(imp.id)}
              download
              className={buttonClasses({ variant: 'secondary' })}
            >
              <Download aria-hidden="true" />
              Download the report (CSV)
            </a>
          ) : null
        }
      />
      <Counts imp={imp} />
      <StatusPanel imp={imp} />
      <Rows imp={imp} />
    </>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: 'danger' | 'brand' }) {
  return (
    <div className="rounded-card bg-white px-4 py-3 ring-1 ring-ink-200">
      <dt className="text-xs font-medium text-ink-600">{label}</dt>
      <dd
        className={clsx(
          'mt-0.5 text-2xl font-bold tabular-nums',
          tone === 'danger' ? 'text-danger-700' : tone === 'brand' ? 'text-brand-800' : 'text-ink-950',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

function Counts({ imp }: { imp: ImportSummary }) {
  const finished = imp.status === 'done' || imp.status === 'failed';
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Counts">
      <Stat label="Rows" value={n(imp.totalRows)} />
      {finished ? (
        <>
          <Stat label="Created" value={n(imp.createdRows)} tone="brand" />
          <Stat label="Unchanged" value={n(imp.unchangedRows)} />
          <Stat
            label="With errors"
            value={n(imp.totalRows - imp.createdRows - imp.unchangedRows)}
            tone={imp.totalRows - imp.createdRows - imp.unchangedRows > 0 ? 'danger' : undefined}
          />
        </>
      ) : (
        <>
          <Stat label="Valid" value={n(imp.validRows)} tone="brand" />
          <Stat
            label="With errors"
            value={n(imp.errorRows)}
            tone={imp.errorRows > 0 ? 'danger' : undefined}
          />
          <Stat label="Photos matched" value={`${n(imp.matchedImageCount)} of ${n(imp.imageCount)}`} />
        </>
      )}
    </dl>
  );
}

function StatusPanel({ imp }: { imp: ImportSummary }) {
  const start = useStartImport();
  const discard = useDiscardImport();
  const notes = (
    <>
      {imp.unmatchedImages.length > 0 ? (
        <p className="mt-2 text-sm text-ink-700">
          <span className="font-semibold">Photos no row uses:</span> {imp.unmatchedImages.join(', ')}
        </p>
      ) : null}
      {imp.ignoredColumns.length > 0 ? (
        <p className="mt-2 text-sm text-ink-700">
          <span className="font-semibold">Columns ignored:</span> {imp.ignoredColumns.join(', ')}
        </p>
      ) : null}
    </>
  );
  const box = 'mt-6 rounded-card bg-white p-5 ring-1 ring-ink-200';

  if (imp.status === 'preview') {
    const error = start.error ?? discard.error;
    return (
      <section className={box} aria-label="Import">
        <p className="text-sm text-ink-800">
          {imp.validRows === 0
            ? 'No row is valid yet. Fix the rows marked below in the file and upload it again.'
            : imp.errorRows > 0
              ? `${n(imp.errorRows)} row${imp.errorRows === 1 ? ' has' : 's have'} errors and will be skipped. Fix ${imp.errorRows === 1 ? 'it' : 'them'} in the file and upload it again later: rows already imported are left as they are.`
              : 'Every row is valid.'}
        </p>
        {notes}
        {error ? (
          <p
            role="alert"
            className="mt-3 rounded-lg bg-danger-50 p-3 text-sm text-danger-700 ring-1 ring-danger-200"
          >
            {errorMessageOf(error)}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            onClick={() => start.mutate(imp.id)}
            loading={start.isPending}
            disabled={imp.validRows === 0 || discard.isPending}
          >
            <Upload aria-hidden="true" />
            Import {n(imp.validRows)} valid row{imp.validRows === 1 ? '' : 's'}
          </Button>
          <Button
            variant="secondary"
            onClick={() => discard.mutate(imp.id)}
            loading={discard.isPending}
            disabled={start.isPending}
          >
            <Trash2 aria-hidden="true" />
            Discard
          </Button>
        </div>
      </section>
    );
  }

  if (imp.status === 'importing') {
    const fraction = imp.validRows > 0 ? imp.processedRows / imp.validRows : 0;
    return (
      <section className={box} aria-label="Import progress">
        <div className="flex justify-between text-sm text-ink-800">
          <span className="font-semibold">Importing…</span>
          <span className="tabular-nums" aria-live="polite">
            {n(imp.processedRows)} of {n(imp.validRows)} rows
          </span>
        </div>
        <progress
          className="mt-2 h-3 w-full overflow-hidden rounded-full accent-brand-700"
          value={imp.processedRows}
          max={Math.max(1, imp.validRows)}
          aria-label="Import progress"
          aria-valuetext={`${Math.round(fraction * 100)}%`}
        />
        <p className="mt-2 text-xs text-ink-600">
          You can leave this page: the import goes on, and its report waits here.
        </p>
      </section>
    );
  }

  if (imp.status === 'done' || imp.status === 'failed') {
    return (
      <section className={box} aria-label="Result">
        <p className="text-sm text-ink-900" role="status">
          {imp.status === 'done' ? 'Import finished: ' : 'Import stopped: '}
          <strong>{n(imp.createdRows)} created</strong> · {n(imp.unchangedRows)} unchanged ·{' '}
          {n(imp.totalRows - imp.createdRows - imp.unchangedRows)} with errors.
          {imp.createdRows > 0
            ? ' New products are drafts in the catalogue until their auction is scheduled.'
            : ''}
        </p>
        {imp.error ? <p className="mt-2 text-sm text-danger-700">{imp.error}</p> : null}
        {notes}
        {imp.createdRows > 0 ? (
          <Link
            to="/admin/catalogue?status=draft"
            className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
          >
            See the drafts in the catalogue
          </Link>
        ) : null}
      </section>
    );
  }

  return (
    <section className={box} aria-label="Discarded">
      <p className="text-sm text-ink-800">This preview was discarded; nothing was imported.</p>
    </section>
  );
}

function Rows({ imp }: { imp: ImportSummary }) {
  const [page, setPage] = useState(1);
  const [onlyErrors, setOnlyErrors] = useState(imp.status === 'preview' && imp.errorRows > 0);
  const filterId = useId();
  const rows = useImportRows(imp.id, page, PAGE_SIZE, onlyErrors, imp.status);
  const total = rows.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);

  return (
    <section className="mt-6" aria-labelledby={`${filterId}-h`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${filterId}-h`} className="text-lg font-semibold text-ink-950">
          Rows
        </h2>
        <label htmlFor={filterId} className="inline-flex items-center gap-2 text-sm text-ink-800">
          <input
            id={filterId}
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={onlyErrors}
            onChange={(e) => {
              setOnlyErrors(e.target.checked);
              setPage(1);
            }}
          />
          Only rows with errors
        </label>
      </div>
      {rows.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : rows.isError ? (
        <ErrorState
          title="The rows could not be loaded"
          message={errorMessageOf(rows.error)}
          onRetry={() => void rows.refetch()}
        />
      ) : rows.data.items.length === 0 ? (
        <EmptyState>{onlyErrors ? 'No row has errors.' : 'This file has no rows.'}</EmptyState>
      ) : (
        <>
          <section
            aria-label="Rows of the file"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1).
            tabIndex={0}
            className="overflow-x-auto rounded-card bg-white ring-1 ring-ink-200 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <table className="w-full min-w-[64rem] text-left text-sm">
              <caption className="sr-only">Rows of {imp.fileName}, with errors per column</caption>
              <ColumnHeads columns={['Row', 'Result', ...SHOWN.map((c) => LABEL[c])]} />
              <tbody className="divide-y divide-ink-100">
                {rows.data.items.map((r) => (
                  <RowLine key={r.row} r={r} />
                ))}
              </tbody>
            </table>
          </section>
          <nav className="mt-3 flex flex-wrap items-center justify-between gap-2" aria-label="Row pages">
            <span className="text-sm text-ink-700 tabular-nums">
              {n(first)}–{n(last)} of {n(total)}
            </span>
            <div className="flex items-center gap-2">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </>
      )}
    </section>
  );
}

function RowLine({ r }: { r: ImportRow }) {
  const byColumn = new Map<string, string[]>();
  const general: string[] = [];
  for (const e of r.errors) {
    if (e.column && (SHOWN as readonly string[]).includes(e.column)) {
      byColumn.set(e.column, [...(byColumn.get(e.column) ?? []), e.message]);
    } else {
      general.push(e.column ? `${LABEL[e.column] ?? e.column}: ${e.message}` : e.message);
    }
  }
  return (
    <tr className={r.errors.length > 0 ? 'bg-danger-50/40' : undefined} data-row={r.row}>
      <th scope="row" className="px-3 py-2 align-top font-mono text-xs text-ink-700">
        {r.row}
      </th>
      <td className="w-40 max-w-[16rem] px-3 py-2 align-top">
        <Result r={r} />
        {general.map((m) => (
          <span key={m} className="mt-1 block text-xs font-medium text-danger-700">
            {m}
          </span>
        ))}
      </td>
      {SHOWN.map((c) => {
        const errors = byColumn.get(c);
        const value = c === 'images' && r.images.length > 0 ? r.images.join('; ') : (r.values[c] ?? '');
        return (
          <td
            key={c}
            data-column={c}
            className={clsx(
              'max-w-[14rem] px-3 py-2 align-top',
              errors && 'bg-danger-50 ring-1 ring-danger-700/40 ring-inset',
              c === 'sku' && 'font-mono text-xs',
            )}
          >
            <span className={clsx('line-clamp-2 break-words', value === '' && 'text-ink-400')}>
              {value === '' ? '—' : value}
            </span>
            {errors?.map((m) => (
              <span key={m} className="mt-1 block font-sans text-xs font-medium text-danger-700">
                {m}
              </span>
            ))}
          </td>
        );
      })}
    </tr>
  );
}

function Result({ r }: { r: ImportRow }) {
  if (r.outcome === 'created') return <Badge tone="brand">Created</Badge>;
  if (r.outcome === 'unchanged')
    return (
      <>
        <Badge>Unchanged</Badge>
        {r.message ? <span className="mt-1 block text-xs text-ink-600">{r.message}</span> : null}
      </>
    );
  if (r.outcome === 'error')
    return (
      <>
        <Badge tone="danger">
          {r.errors.length || 1} error{r.errors.length > 1 ? 's' : ''}
        </Badge>
        {r.message && r.errors.length === 0 ? (
          <span className="mt-1 block text-xs text-danger-700">{r.message}</span>
        ) : null}
      </>
    );
  return (
    <>
      <Badge tone="accent">Ready</Badge>
      {r.message ? <span className="mt-1 block text-xs text-ink-600">{r.message}</span> : null}
    </>
  );
}
