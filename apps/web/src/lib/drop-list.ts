import type { ListSignupResponse } from '@rebound/contract/inbox';
import { API } from '@rebound/contract/routes';
import { sendJson } from './api-client';

/** Puts an address on the drop list (stored by the server; it answers what it did). */
export function joinDropList(email: string, source: 'drops-early-access' | 'footer') {
  return sendJson<ListSignupResponse>('POST', API.listSignups, { email, source });
}
