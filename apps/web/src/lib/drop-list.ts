import type { LaunchSignupInput, LaunchSignupResponse } from '@rebound/contract/launch';
import { LAUNCH_TEXT } from '@rebound/contract/launch-text';
import { API } from '@rebound/contract/routes';
import { ApiError, sendJson } from './api-client';

/**
 * Puts an address on the launch list (double opt-in: the server emails a confirmation link). An ok
 * answer and a 429 (too many tries) both read 'Check your email' (spec); any other failure throws.
 */
export async function joinDropList(
  email: string,
  source: 'drops-early-access' | 'footer',
): Promise<{ title: string; message: string }> {
  const input: LaunchSignupInput = {
    email,
    source,
    metadata: { locale: typeof navigator === 'undefined' ? undefined : navigator.language || undefined },
  };
  try {
    return await sendJson<LaunchSignupResponse>('POST', API.launchSignup, input);
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 429) {
      return { title: LAUNCH_TEXT.checkEmailTitle, message: LAUNCH_TEXT.checkEmailMessage };
    }
    throw failure;
  }
}
