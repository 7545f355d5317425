import type { ImportStatus } from '@rebound/contract/admin-import';
import type { BadgeTone } from '../../../components/ui/Badge';

export function statusTone(status: ImportStatus): BadgeTone {
  if (status === 'done') return 'brand';
  if (status === 'failed') return 'danger';
  if (status === 'importing') return 'gold';
  return 'neutral';
}
