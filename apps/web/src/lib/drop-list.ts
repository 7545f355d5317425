import { DROP_LIST_TEXT } from '@rebound/contract/drop-list';
import type { ListSignupInput, ListSignupResponse } from '@rebound/contract/inbox';
import { API } from '@rebound/contract/routes';
import { ApiError, sendJson } from './api-client';

/**
 * The drops page's early-access form and the footer's 'Get the Drop First' (POST /api/list-signups):
 * on an open store the address joins the new-drops email, on a locked one (staff and bypassed
 * browsers) the launch list; both double opt-in, and the server's answer says which. A 429 (too many
 * tries) reads 'Check your email' too; any other failure throws.
 */
export async function joinDropList(
  email: string,
  source: 'drops-early-access' | 'footer',
): Promise<{ title: string; message: string }> {
  const input: ListSignupInput = { email, source };
  try {
    return await sendJson<ListSignupResponse>('POST', API.listSignups, input);
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 429) {
      return { title: DROP_LIST_TEXT.checkEmailTitle, message: DROP_LIST_TEXT.checkEmailMessage };
    }
    throw failure;
  }
}
