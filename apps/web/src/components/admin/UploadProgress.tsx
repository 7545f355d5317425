/**
 * An upload's progress bar (photos, a manifest): 'Uploading…' and the percentage while the bytes go,
 * then `afterUpload` (what the server does with them) once they are all sent. `progress` runs 0 to 1.
 */
export function UploadProgress({
  progress,
  afterUpload,
  className,
}: {
  progress: number;
  afterUpload: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <div className="flex justify-between text-xs text-ink-700">
        <span>{progress < 1 ? 'Uploading…' : afterUpload}</span>
        <span className="tabular-nums">{Math.round(progress * 100)}%</span>
      </div>
      <progress
        className="mt-1 h-2 w-full overflow-hidden rounded-full accent-brand-700"
        value={progress}
        max={1}
        aria-label="Upload progress"
      />
    </div>
  );
}
