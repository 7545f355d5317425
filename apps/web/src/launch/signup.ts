// The launch signup call as the landing and result pages make it (an ok answer and a 429 both
// count as sent; anything else, or no answer, is a failure the page reports as 'Something went wrong').
import type { LaunchSignupInput, LaunchSignupResponse } from '@rebound/contract/launch';
import { API } from '@rebound/contract/routes';

export type SignupOutcome = { kind: 'sent' } | { kind: 'bypass'; unlockToken?: string } | { kind: 'failed' };

/** What an answer means for the page: its status and (when ok) its body. */
export function signupOutcomeOf(
  status: number,
  body: Partial<LaunchSignupResponse> | undefined,
): SignupOutcome {
  if (status === 429) return { kind: 'sent' };
  if (status < 200 || status >= 300) return { kind: 'failed' };
  if (body?.bypass === true) return { kind: 'bypass', unlockToken: body.unlockToken };
  return { kind: 'sent' };
}

export async function signUp(
  input: LaunchSignupInput,
  fetcher: typeof fetch = fetch,
): Promise<SignupOutcome> {
  try {
    const response = await fetcher(API.launchSignup, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(input),
    });
    const body = response.ok
      ? ((await response.json().catch(() => undefined)) as Partial<LaunchSignupResponse> | undefined)
      : undefined;
    return signupOutcomeOf(response.status, body);
  } catch {
    return { kind: 'failed' };
  }
}
