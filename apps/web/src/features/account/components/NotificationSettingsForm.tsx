import type { TestEmailResponse } from '@rebound/contract/notifications';
import { TEST_EMAIL_TEXT } from '@rebound/contract/notifications-text';
import type { NotificationSettings, Profile } from '@rebound/contract/profile';
import { API } from '@rebound/contract/routes';
import {
  CONSENT_REQUIRED_KINDS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@rebound/core/notifications';
import { useMutation } from '@tanstack/react-query';
import { Bell, Info, RotateCcw, Save, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { errorMessageOf, sendJson } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateNotificationSettings } from '../api';
import { PushOptIn } from './PushOptIn';
import { SettingsCard } from './SettingsCard';

const KINDS: Record<NotificationKind, { label: string; description: string }> = {
  outbid_alerts: { label: 'Outbid alerts', description: 'Someone bid above your maximum.' },
  auction_won: { label: 'Auction won', description: 'You won: pay and book your pickup.' },
  auction_ending: { label: 'Ending soon', description: 'Lots you watch or bid on are about to close.' },
  bid_confirmation: { label: 'Bid confirmation', description: 'Your bid was placed.' },
  new_drops: { label: 'New drops', description: 'Fresh auctions just went live.' },
  marketing: { label: 'News and offers', description: 'Deals and news from Rebound.' },
};

const CHANNELS: Record<NotificationChannel, { label: string; phrase: string }> = {
  email: { label: 'Email', phrase: 'by email' },
  sms: { label: 'SMS', phrase: 'by text message' },
  push: { label: 'Push', phrase: 'by browser push' },
};

/** Only what changed, kind by kind: the server keeps the rest as it is. */
function changes(saved: NotificationSettings, edited: NotificationSettings) {
  const patch: Partial<Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>> = {};
  for (const kind of NOTIFICATION_KINDS) {
    for (const channel of NOTIFICATION_CHANNELS) {
      if (saved[kind][channel] !== edited[kind][channel]) {
        patch[kind] = { ...patch[kind], [channel]: edited[kind][channel] };
      }
    }
  }
  return patch;
}

/** Six kinds of message by email, SMS and push: 'Notification settings updated'. */
export function NotificationSettingsForm({ profile }: { profile: Profile }) {
  const saved = profile.notificationSettings;
  const [edited, setEdited] = useState<NotificationSettings>(saved);
  const update = useUpdateNotificationSettings();
  const patch = changes(saved, edited);
  const dirty = Object.keys(patch).length > 0;

  function toggle(kind: NotificationKind, channel: NotificationChannel, on: boolean) {
    setEdited((current) => ({ ...current, [kind]: { ...current[kind], [channel]: on } }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dirty) return;
    update.mutate(patch, { onSuccess: (answer) => setEdited(answer.profile.notificationSettings) });
  }

  return (
    <SettingsCard
      title="Notification settings"
      icon={Bell}
      description="Choose how we tell you about each event. You always see them on the site too."
    >
      <form onSubmit={onSubmit}>
        <div className="-mx-5 overflow-x-auto sm:mx-0">
          <table className="w-full min-w-[20rem] border-separate border-spacing-0 text-sm">
            <caption className="sr-only">Notification settings by channel</caption>
            <thead>
              <tr>
                <th scope="col" className="py-2 pr-2 pl-5 text-left font-semibold text-ink-600 sm:pl-0">
                  Notify me about
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th
                    key={channel}
                    scope="col"
                    className="w-16 px-1 py-2 text-center font-semibold text-ink-600 last:pr-5 sm:w-20 sm:last:pr-1"
                  >
                    {CHANNELS[channel].label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_KINDS.map((kind) => {
                const needsConsent = CONSENT_REQUIRED_KINDS.includes(kind) && !profile.marketingConsent;
                return (
                  <tr key={kind}>
                    <th
                      scope="row"
                      className="border-t border-ink-100 py-3 pr-2 pl-5 text-left align-top font-normal sm:pl-0"
                    >
                      <span className="block font-semibold text-ink-900">
                        {KINDS[kind].label}
                        {needsConsent ? (
                          <span className="ml-0.5 text-ink-500" aria-hidden="true">
                            *
                          </span>
                        ) : null}
                      </span>
                      <span className="block text-xs text-ink-600">{KINDS[kind].description}</span>
                    </th>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <td
                        key={channel}
                        className="border-t border-ink-100 px-1 py-3 text-center align-middle last:pr-5 sm:last:pr-1"
                      >
                        <input
                          type="checkbox"
                          aria-label={`${KINDS[kind].label} ${CHANNELS[channel].phrase}`}
                          checked={edited[kind][channel]}
                          onChange={(event) => toggle(kind, channel, event.target.checked)}
                          className="size-5 cursor-pointer accent-brand-700"
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>

        {!profile.marketingConsent ? (
          <p className="mt-3 flex items-start gap-2 text-xs text-ink-600">
            <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>
              * New drops and news go out only to shoppers who agreed to marketing messages. You have not, so
              we won't send them whatever is ticked here.
            </span>
          </p>
        ) : null}

        <div className="mt-5 flex flex-wrap items-center gap-2">
          <Button type="submit" variant="secondary" disabled={!dirty} loading={update.isPending}>
            <Save aria-hidden="true" />
            {update.isPending ? 'Saving...' : 'Save notification settings'}
          </Button>
          {dirty && !update.isPending ? (
            <Button variant="ghost" onClick={() => setEdited(saved)}>
              <RotateCcw aria-hidden="true" />
              Undo changes
            </Button>
          ) : null}
        </div>
      </form>

      <div className="mt-6 flex flex-col gap-4 border-t border-ink-100 pt-5">
        <PushOptIn />
        <TestEmail email={profile.email} />
      </div>
    </SettingsCard>
  );
}

const SPEC_TEXTS: readonly string[] = [TEST_EMAIL_TEXT.failed, TEST_EMAIL_TEXT.noAddress];
/** The test email's error toast: replaced by a second failure, closed by a send that works. */
const TEST_EMAIL_ACTION = 'test-email';

/**
 * 'Send test email': a sample bid confirmation to the shopper's own address, sent at once. The toast
 * says it was sent only when the server says it went out.
 */
function TestEmail({ email }: { email: string }) {
  const send = useMutation({
    mutationFn: () => sendJson<TestEmailResponse>('POST', API.meNotificationsTestEmail),
    onSuccess: (answer) => {
      toast.succeeded(TEST_EMAIL_ACTION);
      toast.success(answer.message);
    },
    onError: (error) => {
      const reason = errorMessageOf(error);
      if (SPEC_TEXTS.includes(reason)) toast.failed(TEST_EMAIL_ACTION, reason);
      else toast.failed(TEST_EMAIL_ACTION, TEST_EMAIL_TEXT.failed, { description: reason });
    },
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="min-w-0 text-sm text-ink-700">
        See how our emails look
        {email ? (
          <>
            {' '}
            at <span className="font-semibold break-all text-ink-900">{email}</span>
          </>
        ) : null}
        .
      </p>
      <Button variant="secondary" size="sm" loading={send.isPending} onClick={() => send.mutate()}>
        <Send aria-hidden="true" />
        {send.isPending ? 'Sending...' : 'Send test email'}
      </Button>
    </div>
  );
}
