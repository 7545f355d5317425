import { ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// Cells that back-office lists of things with photos share (the catalogue, the auctions).

const PHOTO = {
  40: 'size-10',
  48: 'size-12',
} as const;

/** A row's thumbnail, or a placeholder when it has no photo. */
export function RowPhoto({ url, size }: { url: string | null; size: keyof typeof PHOTO }) {
  return url ? (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      className={`${PHOTO[size]} max-w-none rounded-lg object-cover ring-1 ring-ink-200`}
    />
  ) : (
    <span className={`flex ${PHOTO[size]} items-center justify-center rounded-lg bg-ink-100 text-ink-500`}>
      <ImageOff className="size-4" aria-hidden="true" />
    </span>
  );
}

/** A row's title, linking to its page, over a line of details. */
export function RowTitle({
  to,
  title,
  className,
  children,
}: {
  to: string;
  title: string;
  /** The cell's width limit. */
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Link
        to={to}
        className="font-semibold text-ink-950 underline-offset-2 hover:text-brand-700 hover:underline"
      >
        {title}
      </Link>
      <p className="truncate text-xs text-ink-600">{children}</p>
    </div>
  );
}
