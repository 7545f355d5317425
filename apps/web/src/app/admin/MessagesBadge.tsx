import type { MessagesSummary } from '@rebound/contract/admin-messages';
import { API } from '@rebound/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';

/**
 * The navigation's count of new contact messages (the Messages section's own tabs share this query
 * and its cache). Nothing is shown when there are none or the count cannot be read.
 */
export function MessagesBadge() {
  const summary = useQuery({
    queryKey: [USER_SCOPE, 'admin', 'messages', 'summary'] as const,
    queryFn: ({ signal }) => getJson<MessagesSummary>(API.adminMessagesSummary, signal),
    refetchInterval: 60_000,
  });
  const n = summary.data?.newContact ?? 0;
  if (n === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
      {n > 99 ? '99+' : n}
      <span className="sr-only"> new</span>
    </span>
  );
}
