import {
  IMPORT_LIMITS,
  IMPORT_STATUS_LABELS,
  type ImportSummary,
  MANIFEST_COLUMNS,
} from '@rebound/contract/admin-import';
import { API } from '@rebound/contract/routes';
import { createColumnHelper } from '@tanstack/react-table';
import { clsx } from 'clsx';
import { Download, FileSpreadsheet, Images, Upload, X } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdminListPage } from '../../../components/admin/ListPage';
import { UploadProgress } from '../../../components/admin/UploadProgress';
import { Badge } from '../../../components/ui/Badge';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { useImportList, useUploadManifest } from '../api';
import { statusTone } from './status';

const n = (v: number) => v.toLocaleString('en-CA');
const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const isCsvFile = (f: File) => /\.(csv|txt)$/i.test(f.name) || f.type === 'text/csv';

const col = createColumnHelper<ImportSummary>();

// The API sorts past imports by upload time only.
const columns = [
  col.accessor('fileName', {
    header: 'File',
    enableSorting: false,
    cell: ({ row, getValue }) => (
      <Link
        to={row.original.id}
        className="block max-w-[22rem] truncate font-semibold text-ink-950 underline-offset-2 hover:text-brand-700 hover:underline"
      >
        {getValue()}
      </Link>
    ),
  }),
  col.accessor('status', {
    header: 'Status',
    enableSorting: false,
    cell: (c) => <Badge tone={statusTone(c.getValue())}>{IMPORT_STATUS_LABELS[c.getValue()]}</Badge>,
  }),
  col.display({
    id: 'rows',
    header: 'Rows',
    cell: ({ row }) => {
      const imp = row.original;
      return (
        <span className="text-ink-700 tabular-nums">
          {n(imp.totalRows)} rows
          {imp.status === 'done'
            ? ` · ${n(imp.createdRows)} created · ${n(imp.unchangedRows)} unchanged`
            : ` · ${n(imp.errorRows)} with errors`}
        </span>
      );
    },
  }),
  col.accessor('createdAt', {
    id: 'created',
    header: 'Uploaded',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {formatShopDateTime(new Date(row.original.createdAt))}
        {row.original.createdBy ? (
          <span className="block text-xs text-ink-600">{row.original.createdBy}</span>
        ) : null}
      </span>
    ),
  }),
];

/** /admin/import: drop a CSV and its photos, read the columns, see past imports. */
export function ImportHome() {
  return (
    <AdminListPage
      title="Import"
      description="Add many lots at once from a supplier's manifest: a CSV and its photos, checked row by row before anything is saved."
      actions={
        <a href={API.adminImportTemplate} download className={buttonClasses({ variant: 'secondary' })}>
          <Download aria-hidden="true" />
          Download the template
        </a>
      }
      above={
        <>
          <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <DropZone />
            <ColumnHelp />
          </div>
          <h2 className="mt-8 mb-3 text-lg font-semibold text-ink-950">Past imports</h2>
        </>
      }
      label="Past imports"
      columns={columns as never}
      useRows={useImportList}
      getRowId={(imp: ImportSummary) => imp.id}
      sort="created"
      pageSize={10}
      empty="No imports yet. The first one will be listed here."
    />
  );
}

function DropZone() {
  const inputId = useId();
  const hintId = useId();
  const navigate = useNavigate();
  const [csv, setCsv] = useState<File | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadManifest(setProgress);

  const take = (files: FileList | File[] | null) => {
    if (!files) return;
    setProblem(null);
    const list = [...files];
    const csvs = list.filter(isCsvFile);
    if (csvs.length > 1) setProblem('Please drop one CSV at a time; the first one is kept.');
    if (csvs[0]) setCsv(csvs[0]);
    const photos = list.filter((f) => !isCsvFile(f));
    if (photos.length > 0) {
      setImages((old) => {
        const names = new Set(old.map((f) => f.name.toLowerCase()));
        return [...old, ...photos.filter((f) => !names.has(f.name.toLowerCase()))];
      });
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  };

  const submit = () => {
    if (!csv) {
      setProblem('Please choose the CSV (the manifest) first.');
      return;
    }
    if (images.length > IMPORT_LIMITS.maxImages) {
      setProblem(`An import takes at most ${IMPORT_LIMITS.maxImages} photos. Please split the drop.`);
      return;
    }
    setProgress(0);
    upload.mutate(
      { csv, images },
      {
        onSuccess: (summary) => navigate(summary.id),
        onSettled: () => setProgress(null),
      },
    );
  };

  const busy = upload.isPending;
  return (
    <section className="rounded-card bg-white p-5 ring-1 ring-ink-200" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="text-base font-semibold text-ink-950">
        Upload a manifest
      </h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the file input inside is the keyboard's way in. */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={clsx(
          'mt-3 flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          dragging ? 'border-brand-600 bg-brand-50' : 'border-ink-300 bg-ink-50/60',
        )}
      >
        <Upload className="size-8 text-ink-500" aria-hidden="true" />
        <p className="text-sm text-ink-800">Drag the CSV and its photos here, or</p>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,image/gif,image/tiff"
          multiple
          className="sr-only"
          aria-describedby={hintId}
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
          disabled={busy}
        />
        <label
          htmlFor={inputId}
          className="inline-flex h-10 cursor-pointer items-center gap-1.5 rounded-lg bg-white px-4 text-sm font-semibold text-ink-900 ring-1 ring-ink-300 hover:bg-ink-50 [input:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-offset-2 [input:focus-visible+&]:outline-brand-600"
        >
          Choose files
        </label>
        <p id={hintId} className="max-w-md text-xs text-ink-600">
          One CSV (up to {MB(IMPORT_LIMITS.maxCsvBytes)}, {IMPORT_LIMITS.maxRows.toLocaleString('en-CA')}{' '}
          rows) and up to {IMPORT_LIMITS.maxImages} photos of up to {MB(IMPORT_LIMITS.maxImageBytes)} each.
          Photos match rows by the names in the images column, or by SKU (RB-10001.jpg, RB-10001_2.jpg).
        </p>
      </div>

      {csv || images.length > 0 ? (
        <ul className="mt-4 space-y-2 text-sm" aria-label="Chosen files">
          {csv ? (
            <li className="flex items-center gap-2">
              <FileSpreadsheet className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="min-w-0 truncate font-medium text-ink-900">{csv.name}</span>
              <span className="text-ink-600">{Math.max(1, Math.round(csv.size / 1024))} KB</span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setCsv(null)}
                disabled={busy}
                aria-label={`Remove ${csv.name}`}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ) : null}
          {images.length > 0 ? (
            <li className="flex items-center gap-2">
              <Images className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="text-ink-900">
                {images.length} photo{images.length === 1 ? '' : 's'}
              </span>
              <Button variant="ghost" size="sm" onClick={() => setImages([])} disabled={busy}>
                Remove photos
              </Button>
            </li>
          ) : null}
        </ul>
      ) : null}

      {progress !== null ? (
        <UploadProgress progress={progress} afterUpload="Checking rows and photos…" className="mt-4" />
      ) : null}
      {problem || upload.isError ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-danger-50 p-3 text-sm text-danger-700 ring-1 ring-danger-200"
        >
          {problem ?? errorMessageOf(upload.error)}
        </p>
      ) : null}
      <div className="mt-4 flex justify-end">
        <Button onClick={submit} loading={busy} disabled={!csv}>
          Check the file
        </Button>
      </div>
    </section>
  );
}

function ColumnHelp() {
  return (
    <section className="rounded-card bg-white p-5 ring-1 ring-ink-200" aria-labelledby="manifest-columns">
      <h2 id="manifest-columns" className="text-base font-semibold text-ink-950">
        Columns
      </h2>
      <p className="mt-1 text-xs text-ink-600">
        Headers match without case or spaces (“Retail Price” is retail_price). Other columns are ignored. A
        SKU already in the catalogue is left as it is, so importing the same file twice changes nothing.
      </p>
      <dl className="mt-3 divide-y divide-ink-100 text-sm">
        {MANIFEST_COLUMNS.map((c) => (
          <div key={c.key} className="py-2">
            <dt className="flex flex-wrap items-center gap-2">
              <code className="font-mono text-xs font-semibold text-ink-950">{c.key}</code>
              {c.required ? <Badge tone="brand">Required</Badge> : null}
            </dt>
            <dd className="mt-0.5 text-xs text-ink-700">{c.help}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
