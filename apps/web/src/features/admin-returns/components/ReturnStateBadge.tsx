import type { ReturnState } from '@rebound/contract/returns';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';

const TONE: Record<ReturnState, BadgeTone> = {
  requested: 'gold',
  drop_off_booked: 'brand',
  received: 'accent',
  refunded: 'neutral',
  refused: 'danger',
  withdrawn: 'neutral',
  expired: 'neutral',
};

export function ReturnStateBadge({ state, label }: { state: ReturnState; label: string }) {
  return <Badge tone={TONE[state]}>{label}</Badge>;
}
