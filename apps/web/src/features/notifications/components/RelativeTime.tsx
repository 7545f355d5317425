import { relativeTime, relativeTimeRefreshMs } from '@rebound/core/relative-time';
import { useEffect, useReducer } from 'react';
import { formatShopDateTime } from '../../../lib/format-date';
import { serverNow } from '../../../lib/server-clock';

/** '5 minutes ago' on the server's clock, redrawn when the words change; the full time on hover. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const now = serverNow();
  const wait = relativeTimeRefreshMs(iso, now);
  useEffect(() => {
    const timer = setTimeout(redraw, wait + 50);
    return () => clearTimeout(timer);
  });
  return (
    <time dateTime={iso} title={formatShopDateTime(iso)} className={className}>
      {relativeTime(iso, now)}
    </time>
  );
}
