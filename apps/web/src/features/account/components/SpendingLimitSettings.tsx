import type { Profile } from '@rebound/contract/profile';
import { SPENDING_TEXT } from '@rebound/contract/spending';
import { formatCents } from '@rebound/core/money';
import { Save, Wallet, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { useUpdateSpendingLimit } from '../api';
import { SettingsCard } from './SettingsCard';

/** '1250.5' for 125_050 cents: the limit as the box shows it (no '$' and no thousands commas). */
const asTyped = (cents: number | null) =>
  cents === null ? '' : formatCents(cents).replace('$', '').replaceAll(',', '').replace(/\.00$/, '');

/**
 * The shopper's own spending limit (docs/product.md "What you could owe"): optional; a maximum or a
 * bid group that would bring 'At most' above it is refused. The server reads and bounds the amount,
 * and its message shows under the box.
 */
export function SpendingLimitSettings({ profile }: { profile: Profile }) {
  const saved = asTyped(profile.spendingLimitCents);
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateSpendingLimit();
  const unchanged = value.trim() === saved;

  function save(input: string | null) {
    setError(undefined);
    update.mutate(input, {
      onSuccess: (answer) => setValue(asTyped(answer.profile.spendingLimitCents)),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status < 500) setError(failure.message);
      },
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save(value.trim() === '' ? null : value.trim());
  }

  return (
    <div id="spending-limit">
      <SettingsCard title={SPENDING_TEXT.limitLabel} icon={Wallet} description={SPENDING_TEXT.limitHelp}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField
            label="Spending limit (all-in, $)"
            name="spendingLimit"
            inputMode="decimal"
            autoComplete="off"
            placeholder="No limit"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
            error={error}
            hint={
              profile.spendingLimitCents === null
                ? 'You have no limit. Leave it empty for none.'
                : `Your limit is ${formatCents(profile.spendingLimitCents)}, taxes and buyer’s premium included.`
            }
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" disabled={unchanged} loading={update.isPending}>
              <Save aria-hidden="true" />
              {update.isPending ? 'Saving...' : 'Save limit'}
            </Button>
            {profile.spendingLimitCents !== null ? (
              <Button type="button" variant="ghost" disabled={update.isPending} onClick={() => save(null)}>
                <X aria-hidden="true" />
                Remove limit
              </Button>
            ) : null}
          </div>
        </form>
      </SettingsCard>
    </div>
  );
}
