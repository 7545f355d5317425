import { errorMessage } from '@rebound/contract/errors';
import type { AdminTaxRegistration } from '@rebound/contract/tax-registration';
import {
  completeTaxRegistration,
  normalizeGstNumber,
  normalizePstNumber,
  type TaxRegistration,
  type TaxRegistrationNumbers,
  taxRegistrationInUse,
} from '@rebound/core/tax-registration';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../staff';
import * as repo from './repository';

// The seller's GST/HST and BC PST numbers that receipts print (docs/decisions/078): a setting staff
// edit in the back office, each number falling back to the server's configuration when left empty.
// Read afresh for every receipt (a receipt is rare; one keyed read), so the next one shows a change.

type Deps = { db: Db; config: Pick<Config, 'taxRegistration'> };

const NONE: TaxRegistrationNumbers = { gstNumber: null, pstNumber: null };

/** The stored value, each number checked again (a row written by hand is read as if empty). */
function savedOf(value: unknown): TaxRegistrationNumbers {
  if (typeof value !== 'object' || value === null) return NONE;
  const { gstNumber, pstNumber } = value as Record<string, unknown>;
  return {
    gstNumber: typeof gstNumber === 'string' ? normalizeGstNumber(gstNumber) : null,
    pstNumber: typeof pstNumber === 'string' ? normalizePstNumber(pstNumber) : null,
  };
}

async function numbersOf(db: DbOrTx, config: Deps['config'], lock = false) {
  const saved = savedOf(await repo.readSetting(db, lock));
  return {
    saved,
    configured: config.taxRegistration,
    inUse: taxRegistrationInUse(saved, config.taxRegistration),
  };
}

/** What the next receipt prints. Both are there once the server has started (`requireTaxNumbers`). */
export async function sellerTaxRegistration({ db, config }: Deps): Promise<TaxRegistration> {
  const { inUse } = await numbersOf(db, config);
  const complete = completeTaxRegistration(inUse);
  if (!complete) throw new Error('The seller’s GST/HST or PST number is missing: receipts cannot be made');
  return complete;
}

/**
 * Production starts only with both numbers, from the configuration or the back office's setting
 * (docs/decisions/078): its receipts never print the demo ones or none.
 */
export async function requireTaxNumbers(deps: Deps & { config: Pick<Config, 'env'> }): Promise<void> {
  if (deps.config.env !== 'production') return;
  const { inUse } = await numbersOf(deps.db, deps.config);
  if (completeTaxRegistration(inUse)) return;
  throw new Error(
    'SELLER_GST_NUMBER and SELLER_PST_NUMBER are required in production (every receipt shows them), unless staff entered them in the back office’s Settings',
  );
}

export async function readTaxRegistration({ db, config }: Deps): Promise<AdminTaxRegistration> {
  return numbersOf(db, config);
}

/**
 * Saves staff's numbers (each already in its printed form, or null for the configured one), audited
 * with before and after. A number left empty with none configured is refused, so a running server
 * always has both; nothing is written then.
 */
export async function updateTaxRegistration(
  deps: Deps & { clock: Clock },
  staff: SessionUser,
  input: TaxRegistrationNumbers,
): Promise<AdminTaxRegistration> {
  const configured = deps.config.taxRegistration;
  for (const [field, name] of [
    ['gstNumber', 'GST/HST number'],
    ['pstNumber', 'BC PST number'],
  ] as const) {
    if (input[field] !== null || configured[field] !== null) continue;
    const message = errorMessage('tax_number_required', { name });
    throw new AppError('tax_number_required', { params: { name }, details: [{ path: field, message }] });
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await numbersOf(tx, deps.config, true);
    const saved = { gstNumber: input.gstNumber, pstNumber: input.pstNumber };
    await repo.writeSetting(tx, saved, now);
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'site.tax_registration',
      entityType: 'site_settings',
      entityId: repo.TAX_REGISTRATION_KEY,
      before: { saved: before.saved, inUse: before.inUse },
      after: { saved, inUse: taxRegistrationInUse(saved, configured) },
    });
  });
  return readTaxRegistration(deps);
}
