// Every outbox template by name (the `template` column), one module each.
import { auctionCancelled, secondChanceOffer } from './admin-auctions';
import { auctionEnding } from './auction-ending';
import { auctionLost } from './auction-lost';
import { auctionWon } from './auction-won';
import { authConfirmEmail, authPhoneCode, authResetPassword, dropListConfirm, launchConfirm } from './auth';
import { bidConfirmation } from './bid-confirmation';
import { biddingSuspended } from './bidding-suspended';
import { contactReply } from './contact-reply';
import { launchOpen } from './launch';
import { marketing } from './marketing';
import { newDropsDigest } from './new-drops-digest';
import { orderCancelled } from './order-cancelled';
import { outbid } from './outbid';
import { paymentReceipt } from './payment-receipt';
import { paymentReminder } from './payment-reminder';
import { pickupConfirmed, pickupReminder } from './pickup';
import { refundIssued } from './refund-issued';
import { savedSearchMatch } from './saved-search-match';
import { testEmail } from './test-email';
import type { Template } from './types';

export const TEMPLATES: Readonly<Record<string, Template>> = Object.freeze({
  bid_confirmation: bidConfirmation,
  outbid,
  auction_won: auctionWon,
  auction_lost: auctionLost,
  auction_ending: auctionEnding,
  auction_cancelled: auctionCancelled,
  second_chance_offer: secondChanceOffer,
  payment_reminder: paymentReminder,
  order_cancelled: orderCancelled,
  bidding_suspended: biddingSuspended,
  payment_receipt: paymentReceipt,
  refund_issued: refundIssued,
  new_drops_digest: newDropsDigest,
  saved_search_match: savedSearchMatch,
  marketing,
  pickup_confirmed: pickupConfirmed,
  pickup_reminder: pickupReminder,
  test_email: testEmail,
  auth_confirm_email: authConfirmEmail,
  auth_reset_password: authResetPassword,
  auth_phone_code: authPhoneCode,
  launch_confirm: launchConfirm,
  drop_list_confirm: dropListConfirm,
  launch_open: launchOpen,
  contact_reply: contactReply,
});

/** The notice kind a template's messages are when the payload does not say (older rows). */
export const TEMPLATE_KIND: Readonly<Record<string, string>> = Object.freeze({
  new_drops_digest: 'new_drops',
  saved_search_match: 'new_drops',
  marketing: 'marketing',
});
