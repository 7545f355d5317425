import type { PushKeyResponse, PushSubscriptionResponse } from '@rebound/contract/notifications';
import { API } from '@rebound/contract/routes';
import { BellOff, BellRing, MonitorSmartphone, ShieldAlert } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ApiError, errorMessageOf, getJson, sendJson } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

// Web push on this device: the service worker (public/sw.js) shows what the server
// pushes, even when no Rebound tab is open. Opting in asks the browser's permission, subscribes with
// the server's VAPID key and stores the subscription; opting out deletes it and unsubscribes.

const SW_URL = '/sw.js';
const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new DOMException('The push service did not answer', 'TimeoutError')),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

type PushState =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'denied' }
  | { kind: 'off' }
  | { kind: 'on'; endpoint: string };

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID key as the bytes PushManager.subscribe wants. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This device's subscription, if the worker is registered and subscribed. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function readState(): Promise<PushState> {
  if (!pushSupported()) return { kind: 'unsupported' };
  if (Notification.permission === 'denied') return { kind: 'denied' };
  try {
    const sub = await currentSubscription();
    return sub && Notification.permission === 'granted'
      ? { kind: 'on', endpoint: sub.endpoint }
      : { kind: 'off' };
  } catch {
    return { kind: 'off' };
  }
}

async function turnOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { kind: 'denied' };
  if (permission !== 'granted') return { kind: 'off' };
  const { publicKey } = await getJson<PushKeyResponse>(API.pushKey);
  await navigator.serviceWorker.register(SW_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  let sub = await registration.pushManager.getSubscription();
  const wanted = keyBytes(publicKey);
  // A subscription made with another key (keys changed) cannot be used: start again.
  const key = sub?.options.applicationServerKey;
  if (sub && key && !sameBytes(new Uint8Array(key), wanted)) {
    await sub.unsubscribe();
    sub = null;
  }
  // The browser asks its push service; without an answer (offline, blocked) it would wait forever.
  sub ??= await withTimeout(
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted }),
    SUBSCRIBE_TIMEOUT_MS,
  );
  try {
    await sendJson<PushSubscriptionResponse>('POST', API.pushSubscriptions, sub.toJSON());
  } catch (error) {
    // Not stored: the browser must not keep a subscription nothing will ever use.
    await sub.unsubscribe().catch(() => {});
    throw error;
  }
  return { kind: 'on', endpoint: sub.endpoint };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

async function turnOff(): Promise<PushState> {
  const sub = await currentSubscription();
  if (sub) {
    await sendJson<PushSubscriptionResponse>('DELETE', API.pushSubscriptions, { endpoint: sub.endpoint });
    await sub.unsubscribe();
  }
  return { kind: 'off' };
}

/** The switch's error toast: one at a time, closed once turning on or off works. */
const PUSH_ACTION = 'push-opt-in';

/** The opt-in for browser push on this device, in the account's notification settings. */
export function PushOptIn() {
  const [state, setState] = useState<PushState>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => {
    void readState().then(setState);
  }, []);

  useEffect(() => {
    refresh();
    // The permission can change in the browser's site settings while the page is open.
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [refresh]);

  async function change(on: boolean) {
    setBusy(true);
    try {
      const next = on ? await turnOn() : await turnOff();
      setState(next);
      // On or off as asked: an earlier error of this switch closes (lib/toast.ts).
      if (next.kind === 'on' || !on) toast.succeeded(PUSH_ACTION);
      if (next.kind === 'on') toast.success('Push alerts are on for this device');
      else if (!on) toast.success('Push alerts are off for this device');
      else if (next.kind === 'denied')
        toast.failed(PUSH_ACTION, 'Notifications are blocked for Rebound in this browser');
    } catch (error) {
      // A refusal from our server carries its message; one from the browser or its push service
      // (a private window, no connection to it) is a DOMException.
      const description =
        error instanceof ApiError
          ? errorMessageOf(error)
          : 'This browser could not set up push alerts. Try again, or use another browser (private windows cannot get them).';
      toast.failed(PUSH_ACTION, on ? 'Could not turn on push alerts' : 'Could not turn off push alerts', {
        description,
      });
      refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      data-testid="push-opt-in"
      className="rounded-xl bg-ink-50 p-4 ring-1 ring-ink-200/80 ring-inset"
      aria-busy={state.kind === 'checking' || busy || undefined}
    >
      <div className="flex items-start gap-3">
        <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h4 className="text-sm font-semibold text-ink-950">Push alerts on this device</h4>
          <p className="mt-0.5 text-sm text-ink-700">
            Get alerts on this device even when Rebound is closed, such as the moment someone outbids you. The
            Push column above chooses which alerts come; you can turn them off here at any time.
          </p>
          <div className="mt-3" aria-live="polite">
            <PushControl state={state} busy={busy} onChange={(on) => void change(on)} />
          </div>
        </div>
      </div>
    </div>
  );
}

function PushControl({
  state,
  busy,
  onChange,
}: {
  state: PushState;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  switch (state.kind) {
    case 'checking':
      return <p className="text-sm text-ink-600">Checking this browser...</p>;
    case 'unsupported':
      return (
        <p className="text-sm text-ink-700">
          This browser cannot show push alerts from websites. On an iPhone or iPad, add Rebound to your Home
          Screen first; otherwise you still get every alert on the site and by email or text.
        </p>
      );
    case 'denied':
      return (
        <p role="status" className="flex items-start gap-2 text-sm text-danger-700">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Notifications are blocked for Rebound in this browser. To get push alerts, allow notifications in
            the browser's site settings (the icon beside the address), then come back to this page.
          </span>
        </p>
      );
    case 'on':
      return (
        <div className="flex flex-wrap items-center gap-3">
          <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800">
            <BellRing className="size-4" aria-hidden="true" />
            On for this device
          </span>
          <Button variant="secondary" size="sm" loading={busy} onClick={() => onChange(false)}>
            <BellOff aria-hidden="true" />
            Turn off on this device
          </Button>
        </div>
      );
    case 'off':
      return (
        <Button variant="secondary" size="sm" loading={busy} onClick={() => onChange(true)}>
          <BellRing aria-hidden="true" />
          Turn on push alerts
        </Button>
      );
  }
}
