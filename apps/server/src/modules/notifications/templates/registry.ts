// Every outbox template by name (the `template` column), built from the templates' own declarations
// (each file declares its name, payload schema and rendering: define.ts).
import { accountSuspended } from './account-suspended';
import { auctionCancelled, bidCancelled, leadingAgain, secondChanceOffer } from './admin-auctions';
import { auctionEnding } from './auction-ending';
import { auctionLost } from './auction-lost';
import { auctionWon } from './auction-won';
import { authConfirmEmail, authPhoneCode, authResetPassword, dropListConfirm, launchConfirm } from './auth';
import { bidConfirmation } from './bid-confirmation';
import { bidGroupDone, bidGroupEnded } from './bid-groups';
import { biddingSuspended } from './bidding-suspended';
import { contactReply } from './contact-reply';
import type { FieldsPayload, TemplateDef } from './define';
import { deskMarkRefund } from './desk-mark';
import { generic } from './generic';
import { launchOpen } from './launch';
import { marketing } from './marketing';
import { newDropsDigest } from './new-drops-digest';
import { orderCancelled } from './order-cancelled';
import { outbid } from './outbid';
import { paymentReceipt } from './payment-receipt';
import { paymentReminder } from './payment-reminder';
import { pickupCancelled, pickupConfirmed, pickupReminder } from './pickup';
import { pickupFinalNotice } from './pickup-final-notice';
import { refundIssued } from './refund-issued';
import { returnUpdate } from './return-update';
import { savedSearchMatch } from './saved-search-match';
import { testEmail } from './test-email';

const DEFINITIONS = [
  generic,
  bidConfirmation,
  outbid,
  auctionWon,
  auctionLost,
  bidGroupDone,
  bidGroupEnded,
  auctionEnding,
  auctionCancelled,
  bidCancelled,
  leadingAgain,
  secondChanceOffer,
  paymentReminder,
  orderCancelled,
  biddingSuspended,
  accountSuspended,
  paymentReceipt,
  refundIssued,
  deskMarkRefund,
  returnUpdate,
  newDropsDigest,
  savedSearchMatch,
  marketing,
  pickupConfirmed,
  pickupReminder,
  pickupFinalNotice,
  pickupCancelled,
  testEmail,
  authConfirmEmail,
  authResetPassword,
  authPhoneCode,
  launchConfirm,
  dropListConfirm,
  launchOpen,
  contactReply,
] as const;

type Definition = (typeof DEFINITIONS)[number];

/** Every template name the code may queue. */
export type TemplateName = Definition['name'];

/** A template's own payload keys, typed from its schema: what a notice's `data` carries. */
export type TemplateData<N extends TemplateName> = FieldsPayload<Extract<Definition, { name: N }>['fields']>;

/** The whole payload of a message queued directly (outbox.ts queueMessages): its keys and the shared ones. */
export type TemplatePayload<N extends TemplateName> = TemplateData<N> & {
  message?: string | null;
  targetUrl?: string | null;
  kind?: string | null;
};

/** Every template by name. */
export const TEMPLATES: Readonly<Record<string, TemplateDef>> = Object.freeze(
  Object.fromEntries(DEFINITIONS.map((d) => [d.name, d as unknown as TemplateDef])),
);

/** The template of a name, or null for one this version does not know (rendered generic). */
export function templateOf(name: string): TemplateDef | null {
  return Object.hasOwn(TEMPLATES, name) ? TEMPLATES[name]! : null;
}
