import {
  CONTACT_TEXT,
  type ContactMessageRequest,
  type ContactMessageResponse,
  contactReceivedText,
  LIST_SAVED_TITLE,
  type ListSignupResponse,
  listSavedText,
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

export async function joinList(
  db: DbOrTx,
  clock: Clock,
  input: { email: string; source: string },
): Promise<ListSignupResponse> {
  await repo.saveListSignup(db, { ...input, now: clock.now() });
  return { title: LIST_SAVED_TITLE, message: listSavedText(input.email) };
}
