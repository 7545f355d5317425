import {
  type AdminProduct,
  type AdminProductImage,
  IMAGE_UPLOAD_LIMITS,
} from '@rebound/contract/admin-catalogue';
import { ArrowDown, ArrowUp, ImagePlus, Star, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { UploadProgress } from '../../../components/admin/UploadProgress';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/Dialog';
import { errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteImage, useReorderImages, useUploadImages } from '../api';

const MAX_MB = IMAGE_UPLOAD_LIMITS.maxFileBytes / (1024 * 1024);

/** The smallest WebP (or the one url) for a thumbnail. */
function thumbOf(image: AdminProductImage): string {
  const webp = image.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width)[0];
  return webp?.url ?? image.url;
}

/** Photos of a product: upload several with progress, reorder with buttons, choose the cover, delete. */
export function ImageManager({ product }: { product: AdminProduct }) {
  const images = product.images;
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<AdminProductImage | null>(null);
  const upload = useUploadImages(product.id, setProgress);
  const reorder = useReorderImages(product.id);
  const remove = useDeleteImage(product.id);
  const busy = upload.isPending || reorder.isPending || remove.isPending;
  // Each action's error toast on this product's photos: closed once that action later works.
  const reorderAction = `photos-order:${product.id}`;
  const deleteAction = `photos-delete:${product.id}`;

  const onFiles = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    setProgress(0);
    upload.mutate(files, {
      onSuccess: ({ images: after }) => {
        const added = after.length - images.length;
        toast.success(added === 1 ? 'Photo added' : `${added} photos added`);
        setAnnouncement(`${added} ${added === 1 ? 'photo' : 'photos'} added.`);
      },
      onSettled: () => {
        setProgress(null);
        if (inputRef.current) inputRef.current.value = '';
      },
    });
  };

  const move = (from: number, to: number, message: string) => {
    const ids = images.map((i) => i.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    reorder.mutate(ids, {
      onSuccess: () => {
        toast.succeeded(reorderAction);
        setAnnouncement(message);
      },
      onError: (err) => toast.failed(reorderAction, errorMessageOf(err)),
    });
  };

  return (
    <section className="rounded-card bg-white p-5 ring-1 ring-ink-200" aria-labelledby={`${inputId}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${inputId}-heading`} className="text-base font-semibold text-ink-950">
          Photos <span className="font-normal text-ink-600">({images.length})</span>
        </h2>
        <div>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,image/gif,image/tiff"
            multiple
            className="sr-only"
            aria-describedby={hintId}
            onChange={(e) => onFiles(e.target.files)}
            disabled={busy}
          />
          <label
            htmlFor={inputId}
            className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 has-[+*]:focus-visible:outline-2 [input:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-offset-2 [input:focus-visible+&]:outline-brand-600"
          >
            <ImagePlus className="size-4" aria-hidden="true" />
            Add photos
          </label>
        </div>
      </div>
      <p id={hintId} className="mt-1 text-xs text-ink-600">
        JPEG, PNG, WebP, AVIF, HEIC; up to {MAX_MB} MB each, {IMAGE_UPLOAD_LIMITS.maxFilesPerUpload} at a
        time. Location and camera data are removed. The first photo is the cover.
      </p>

      {progress !== null ? (
        <UploadProgress progress={progress} afterUpload="Resizing…" className="mt-3" />
      ) : null}
      {upload.isError ? (
        <p
          role="alert"
          className="mt-3 rounded-lg bg-danger-50 p-3 text-sm text-danger-800 ring-1 ring-danger-200"
        >
          {errorMessageOf(upload.error)}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      {images.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-ink-300 p-6 text-center text-sm text-ink-600">
          No photos yet.
        </p>
      ) : (
        <ol
          className="mt-4 grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3"
          aria-label="Photos, cover first"
        >
          {images.map((image, i) => (
            <li
              key={image.id}
              className="flex flex-col gap-2 rounded-lg p-2 ring-1 ring-ink-200"
              data-testid="admin-photo"
            >
              <div className="relative">
                <img
                  src={thumbOf(image)}
                  alt={i === 0 ? `Cover, ${product.title}` : `${i + 1} of ${images.length}, ${product.title}`}
                  width={image.width ?? 320}
                  height={image.height ?? 320}
                  className="aspect-square w-full rounded-md object-cover"
                />
                {i === 0 ? (
                  <Badge tone="brand" className="absolute top-1.5 left-1.5">
                    <Star aria-hidden="true" /> Cover
                  </Badge>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center gap-1">
                <IconButton
                  label={`Move photo ${i + 1} earlier`}
                  disabled={busy || i === 0}
                  onClick={() => move(i, i - 1, `Photo moved to position ${i}.`)}
                >
                  <ArrowUp aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={`Move photo ${i + 1} later`}
                  disabled={busy || i === images.length - 1}
                  onClick={() => move(i, i + 1, `Photo moved to position ${i + 2}.`)}
                >
                  <ArrowDown aria-hidden="true" />
                </IconButton>
                <IconButton
                  className="ml-auto size-8 px-0"
                  label={`Delete photo ${i + 1}`}
                  disabled={busy}
                  onClick={() => setConfirmDelete(image)}
                >
                  <Trash2 aria-hidden="true" />
                </IconButton>
                {i > 0 ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="h-8 w-full px-2 text-xs"
                    disabled={busy}
                    onClick={() => move(i, 0, 'Cover changed.')}
                  >
                    Make cover<span className="sr-only"> (photo {i + 1})</span>
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}

      <Dialog open={confirmDelete !== null} onOpenChange={(open) => !open && setConfirmDelete(null)}>
        <DialogContent className="max-w-sm p-6">
          <DialogTitle className="text-lg font-semibold text-ink-950">Delete this photo?</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-ink-700">
            Its files are removed; this cannot be undone.
          </DialogDescription>
          {confirmDelete ? (
            <img
              src={thumbOf(confirmDelete)}
              alt=""
              className="mt-4 aspect-square w-32 rounded-md object-cover"
            />
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirmDelete(null)}>
              Keep it
            </Button>
            <Button
              loading={remove.isPending}
              className="bg-danger-700 hover:bg-danger-800"
              onClick={() =>
                confirmDelete &&
                remove.mutate(confirmDelete.id, {
                  onSuccess: () => {
                    toast.succeeded(deleteAction);
                    setConfirmDelete(null);
                    setAnnouncement('Photo deleted.');
                  },
                  onError: (err) => toast.failed(deleteAction, errorMessageOf(err)),
                })
              }
            >
              Delete
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function IconButton({
  label,
  children,
  ...props
}: { label: string; children: React.ReactNode } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <Button variant="secondary" size="sm" className="size-8 px-0" aria-label={label} title={label} {...props}>
      {children}
    </Button>
  );
}
