// Who is looking at the store: whether it is locked and whether this viewer sees it anyway (staff,
// or the bypass cookie). Its own module, since the lock plugin (lock.ts) and the launch routes both ask.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireActiveStaff } from '../staff';
import { BYPASS_COOKIE, cookieValue, verifyBypassToken } from './tokens';

export interface Viewer {
  locked: boolean;
  isStaff: boolean;
  bypass: boolean;
  canSeeStore: boolean;
}

export async function viewerOf(app: FastifyInstance, request: FastifyRequest): Promise<Viewer> {
  const { config, clock } = app.deps;
  const locked = await app.launch.lock.locked();
  // Media skip the session lookup; under the lock, staff must still be known to see the photos.
  if (locked) await app.accounts.resolveDeferredUser(request);
  let isStaff = false;
  try {
    requireActiveStaff(request);
    isStaff = true;
  } catch {}
  const bypass =
    !isStaff &&
    verifyBypassToken(
      config.authSecret,
      config.launch.bypassEmail,
      cookieValue(request.headers.cookie, BYPASS_COOKIE),
      clock.now(),
    );
  return { locked, isStaff, bypass, canSeeStore: !locked || isStaff || bypass };
}
