import { PROFILE_TEXT, type Profile } from '@rebound/contract/profile';
import { API } from '@rebound/contract/routes';
import { normalizePhone } from '@rebound/core/phone';
import { BadgeCheck, Phone, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { profileChangeAction, useUpdatePhone } from '../api';
import { SettingsCard } from './SettingsCard';

/** The pickup phone number (PATCH): 'Phone number saved successfully' / 'Failed to save phone number'. */
export function PhoneSettings({ profile }: { profile: Profile }) {
  const saved = profile.phone ?? '';
  const [phone, setPhone] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdatePhone();
  const unchanged = phone.trim() === saved;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = normalizePhone(phone);
    if (!result.ok) {
      setError(result.message);
      // Under the change's own id, so the save that later works closes it too (lib/toast.ts).
      toast.failed(profileChangeAction(API.profilePhone), PROFILE_TEXT.phoneFailed, {
        description: result.message,
      });
      return;
    }
    setError(undefined);
    update.mutate(result.e164, {
      onSuccess: (answer) => setPhone(answer.profile.phone ?? ''),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status < 500) setError(failure.message);
      },
    });
  }

  return (
    <SettingsCard
      title="Phone number"
      icon={Phone}
      description="Used for pickup, and to sign in with a texted code."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Mobile number"
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+1 604 555 0123"
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            setError(undefined);
          }}
          error={error}
          hint="With country code, e.g. +1 for Canada and the US."
          labelAside={
            profile.phone ? (
              profile.phoneVerified ? (
                <Badge tone="brand">
                  <BadgeCheck aria-hidden="true" />
                  Verified
                </Badge>
              ) : (
                <Badge tone="gold">Not verified yet</Badge>
              )
            ) : null
          }
        />
        <div>
          <Button type="submit" variant="secondary" disabled={unchanged} loading={update.isPending}>
            <Save aria-hidden="true" />
            {update.isPending ? 'Saving...' : 'Save phone'}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
