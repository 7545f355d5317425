import {
  CONTACT_TEXT,
  type ContactMessageRequest,
  type ContactMessageResponse,
  contactReceivedText,
} from '@rebound/contract/inbox';
import type { DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import * as repo from './repository';

export async function receiveContactMessage(
  db: DbOrTx,
  clock: Clock,
  user: SessionUser | null,
  input: ContactMessageRequest,
): Promise<ContactMessageResponse> {
  const id = await repo.insertContactMessage(db, { ...input, userId: user?.id ?? null, now: clock.now() });
  return { id, title: CONTACT_TEXT.receivedTitle, message: contactReceivedText(input.email) };
}
