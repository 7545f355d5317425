import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';

export interface PhotoLimits {
  /** Photos at most. */
  maxFiles: number;
  /** Bytes per photo. */
  maxFileBytes: number;
  /** MIME types taken (the server checks the bytes themselves). */
  types: readonly string[];
}

/** The limits as a contract writes them: `accept` is the file input's comma-separated list. */
export function photoLimits(limits: {
  maxPhotos: number;
  maxFileBytes: number;
  accept: string;
}): PhotoLimits {
  return { maxFiles: limits.maxPhotos, maxFileBytes: limits.maxFileBytes, types: limits.accept.split(',') };
}

/** A preview address for a chosen file (none where the browser cannot make one, as in tests). */
function previewUrl(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/**
 * Photos chosen from the device with previews and a remove button each. The same limits as the
 * server's (count, size, type) are checked here so the reader hears at once; the server decides.
 */
export function PhotoPicker({
  label,
  hint,
  files,
  onChange,
  limits,
  disabled = false,
  capture,
}: {
  label: string;
  hint?: string;
  files: File[];
  onChange: (files: File[]) => void;
  limits: PhotoLimits;
  disabled?: boolean;
  /** Opens the phone's camera (rear: 'environment') instead of its files; the picker takes any image. */
  capture?: 'environment' | 'user';
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previews = useMemo(() => files.map((f) => ({ file: f, url: previewUrl(f) })), [files]);
  useEffect(
    () => () => {
      for (const p of previews) if (p.url) URL.revokeObjectURL(p.url);
    },
    [previews],
  );
  const full = files.length >= limits.maxFiles;

  const add = (chosen: FileList | null) => {
    if (!chosen) return;
    const next = [...files];
    const problems: string[] = [];
    for (const file of Array.from(chosen)) {
      // A type the browser cannot name (some HEIC photos) goes to the server, which reads the bytes.
      if (file.type !== '' && !limits.types.includes(file.type)) {
        problems.push(`${file.name} is not a photo we can take (JPEG, PNG, WebP or HEIC).`);
      } else if (file.size > limits.maxFileBytes) {
        problems.push(`${file.name} is larger than ${megabytes(limits.maxFileBytes)}.`);
      } else if (next.length >= limits.maxFiles) {
        problems.push(`At most ${limits.maxFiles} photos.`);
        break;
      } else {
        next.push(file);
      }
    }
    setProblem(problems.length ? problems.join(' ') : null);
    onChange(next);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-ink-900">
          {label} <span className="font-normal text-ink-600">(optional)</span>
        </label>
        <span className="text-xs tabular-nums text-ink-600" aria-live="polite">
          {files.length}/{limits.maxFiles}
        </span>
      </div>
      {previews.length > 0 ? (
        <ul className="grid grid-cols-4 gap-2" aria-label="Chosen photos">
          {previews.map(({ file, url }, i) => (
            <li
              key={`${file.name}-${i}`}
              className="relative aspect-square overflow-hidden rounded-lg bg-ink-100"
            >
              {url ? (
                <img src={url} alt={file.name} className="size-full object-cover" />
              ) : (
                <span className="flex size-full items-center justify-center p-1 text-center text-xs break-all text-ink-700">
                  {file.name}
                </span>
              )}
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  setProblem(null);
                  onChange(files.filter((_, j) => j !== i));
                }}
                aria-label={`Remove ${file.name}`}
                className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-white/95 text-ink-800 ring-1 ring-ink-200 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <label
          htmlFor={id}
          className={
            full || disabled
              ? 'inline-flex h-9 cursor-not-allowed items-center gap-1.5 rounded-lg bg-ink-50 px-3 text-sm font-semibold text-ink-600 ring-1 ring-ink-200 ring-inset'
              : 'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-semibold text-ink-900 ring-1 ring-ink-200 ring-inset hover:bg-ink-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600'
          }
        >
          <ImagePlus className="size-4" aria-hidden="true" />
          {full ? `${limits.maxFiles} photos chosen` : 'Add photos'}
          <input
            ref={input}
            id={id}
            type="file"
            multiple
            accept={capture ? 'image/*' : limits.types.join(',')}
            capture={capture}
            disabled={full || disabled}
            onChange={(e) => add(e.target.files)}
            aria-describedby={`${id}-hint`}
            className="sr-only"
          />
        </label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-ink-600">
        {hint ?? `Up to ${limits.maxFiles} photos, ${megabytes(limits.maxFileBytes)} each.`}
      </p>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
