import { CONTACT_STATUS_LABELS, type ContactStatus } from '@rebound/contract/admin-messages';
import { Badge } from '../../../components/ui/Badge';

export function ContactStatusBadge({ status }: { status: ContactStatus }) {
  const tone = status === 'new' ? 'gold' : status === 'answered' ? 'brand' : 'neutral';
  return <Badge tone={tone}>{CONTACT_STATUS_LABELS[status]}</Badge>;
}
