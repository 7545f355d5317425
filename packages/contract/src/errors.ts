import { MIN_BID_LIMIT_CENTS } from '@rebound/core/bidding-limits';
import { formatCents } from '@rebound/core/money';
import { STAGGER_RANGE_MESSAGE } from '@rebound/core/scheduling';
import { MAX_SPENDING_LIMIT_CENTS, MIN_SPENDING_LIMIT_CENTS } from '@rebound/core/spending';
// One table of error codes: HTTP status and the user-facing message (docs/product.md "Errors and messages").
// The server throws AppError(code); the browser shows `message` as it arrives.
export const ERRORS = {
  bad_request: { status: 400, message: 'The request was not valid.' },
  validation_failed: { status: 400, message: 'Please check the highlighted fields.' },
  not_authenticated: { status: 401, message: 'User not authenticated' },
  auth_required: { status: 401, message: 'Authentication required' },
  forbidden: { status: 403, message: 'You do not have access to this.' },
  not_found: { status: 404, message: 'Not found' },
  product_not_found: { status: 404, message: 'Product not found' },
  auction_not_live: { status: 409, message: 'Auction not found or not live' },
  bid_too_low: { status: 422, message: 'Highest bid must be at least {amount}' },
  bid_not_higher_than_own: {
    status: 422,
    message: 'New proxy bid must be higher than your current proxy bid of {amount}',
  },
  staff_cannot_bid: { status: 403, message: 'Staff accounts cannot bid.' },
  account_suspended: { status: 403, message: 'Your account cannot bid right now. Please contact support.' },
  bid_too_high: { status: 422, message: 'The highest maximum bid we accept is {amount}.' },
  idempotency_conflict: {
    status: 422,
    message:
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  },
  invalid_cursor: { status: 400, message: 'The page link is not valid. Please start from the first page.' },
  invalid_bid_amount: { status: 422, message: 'Please enter a valid proxy bid amount' },
  payload_too_large: { status: 413, message: 'The request is too large.' },
  invalid_characters: { status: 400, message: 'The request contains characters that are not allowed.' },
  // Half of a UTF-16 pair, as JSON's "\ud83d" alone (apps/server/src/lib/input-guard.ts).
  unpaired_surrogate: {
    status: 400,
    message:
      'The text in {field} has a broken character (half of a UTF-16 surrogate pair). Please send whole characters.',
  },
  unsupported_media_type: { status: 415, message: 'Send JSON with Content-Type: application/json.' },
  rate_limited: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  test_clock_disabled: { status: 404, message: 'Not found' },
  // Accounts and sign-in (docs/product.md "Accounts and sign-in").
  email_required: { status: 400, message: 'Please enter your email address.' },
  email_invalid: { status: 400, message: 'Please enter a valid email address.' },
  required_fields: { status: 400, message: 'Please fill in all required fields.' },
  passwords_mismatch: { status: 400, message: 'Passwords do not match.' },
  password_too_short: { status: 400, message: 'Password must be at least 8 characters.' },
  password_too_long: { status: 400, message: 'Password must be at most 128 characters.' },
  password_too_common: { status: 400, message: 'This password is too common. Please choose another.' },
  terms_required: { status: 400, message: 'You must accept the Terms and Conditions to create an account.' },
  handle_too_long: { status: 400, message: 'Bidder handle must be at most 20 characters.' },
  handle_invalid: {
    status: 400,
    message: 'Bidder handle can use only letters, numbers, dots, dashes and underscores.',
  },
  handle_taken: { status: 409, message: 'That bidder handle is taken. Please choose another.' },
  phone_invalid: { status: 400, message: 'Please enter a valid phone number with country code' },
  phone_taken: {
    status: 409,
    message: 'An account with this phone number already exists. Please sign in instead.',
  },
  account_exists: {
    status: 409,
    message: 'An account with this email already exists. Please sign in instead.',
  },
  sign_up_failed: { status: 500, message: 'We could not create your account. Please try again.' },
  launch_signup_not_found: { status: 404, message: 'We could not find a launch signup for this email.' },
  launch_profile_failed: { status: 500, message: 'Failed to complete profile setup.' },
  invalid_credentials: { status: 401, message: 'Invalid email or password' },
  sign_in_throttled: {
    status: 429,
    message: 'Too many failed sign-in attempts from here. Please wait {wait} and try again.',
  },
  email_not_verified: {
    status: 403,
    message: 'Please confirm your email address first. We sent you a new confirmation link.',
  },
  reset_token_invalid: {
    status: 400,
    message: 'This password reset link is invalid or has expired. Please ask for a new one.',
  },
  sms_send_failed: {
    status: 502,
    message: 'We could not send a text message to this number. Please try again.',
  },
  code_cooldown: { status: 429, message: 'Please wait a minute before asking for another code.' },
  code_invalid: { status: 400, message: 'Please check the code and try again.' },
  code_expired: { status: 400, message: 'This code has expired. Please ask for a new one.' },
  code_attempts_exceeded: { status: 429, message: 'Too many wrong codes. Please ask for a new one.' },
  phone_save_failed: { status: 500, message: 'Failed to save phone number' },
  location_not_found: { status: 404, message: 'That pickup location is not available.' },
  location_update_failed: { status: 500, message: 'Failed to update location' },
  notification_settings_update_failed: { status: 500, message: 'Failed to update notification settings' },
  // Watchlist: the signed-out text; ended auctions cannot be added.
  watch_not_authenticated: { status: 401, message: 'Please log in to manage watchlist' },
  auction_not_found: { status: 404, message: 'Auction not found' },
  watch_auction_ended: { status: 409, message: 'This auction has ended.' },
  // Orders, cart and checkout.
  order_not_found: { status: 404, message: 'Order not found' },
  cart_empty: { status: 400, message: 'Your cart is empty' },
  pickup_location_required: {
    status: 400,
    message: 'Please select a pickup location in your account settings before checking out',
  },
  cart_items_unavailable: {
    status: 409,
    message: 'Some items in your cart can no longer be paid for. Please review your cart and try again.',
  },
  pay_all_changed: {
    status: 409,
    message:
      'Your unpaid orders changed since the total was shown. Please check the new total and try again.',
  },
  checkout_failed: { status: 502, message: 'Failed to create checkout session. Please try again.' },
  checkout_not_found: { status: 404, message: 'Payment verification failed. Please contact support.' },
  payment_declined: { status: 402, message: 'Your card was declined. Please use another card.' },
  webhook_signature_invalid: { status: 400, message: 'The webhook signature is not valid.' },
  bidding_suspended_strikes: {
    status: 403,
    message: 'Your account is suspended from bidding because of unpaid orders. Contact support.',
  },
  // Pickup.
  slot_full: { status: 409, message: 'That time is now full. Please pick another.' },
  slot_unavailable: { status: 409, message: 'That time can no longer be booked. Please pick another.' },
  pickup_not_allowed: { status: 409, message: 'This order cannot be scheduled for pickup.' },
  appointment_not_found: { status: 404, message: 'Appointment not found' },
  appointment_started: {
    status: 409,
    message: 'This pickup has already started and can no longer be changed.',
  },
  pickup_handover_not_allowed: { status: 409, message: 'This order cannot be handed over.' },
  pickup_early: {
    status: 409,
    message: 'This pickup is booked for {date}, not today. Confirm the early hand-over to go ahead.',
  },
  // Notifications and web push.
  notification_not_found: { status: 404, message: 'Notification not found' },
  test_email_no_address: { status: 422, message: 'No email address found' },
  test_email_failed: { status: 502, message: 'Failed to send test email' },
  push_unavailable: { status: 503, message: 'Push notifications are not available right now.' },
  // Saved searches; the limit's text is core's SAVED_SEARCH_LIMIT_MESSAGE.
  saved_search_not_found: { status: 404, message: 'Saved search not found' },
  saved_search_limit: {
    status: 409,
    message: 'You can keep up to 20 saved searches. Delete one to save another.',
  },
  // The back-office.
  staff_suspended: {
    status: 403,
    message: 'This staff account is suspended. Ask another staff member to restore it.',
  },
  person_not_found: { status: 404, message: 'Person not found' },
  strike_not_found: { status: 404, message: 'Strike not found or already removed' },
  last_staff: {
    status: 409,
    message: 'This is the last active staff account. Make someone else staff first.',
  },
  cannot_change_self: { status: 409, message: 'You cannot suspend yourself or remove your own staff role.' },
  // Orders and refunds in the back-office (admin-orders.ts).
  idempotency_key_required: { status: 400, message: 'Send an Idempotency-Key header with this request.' },
  refund_not_allowed: { status: 409, message: 'This order has no payment that can be refunded.' },
  refund_return_open: {
    status: 409,
    message:
      'This order has a return under way ({state}): refund or refuse it from the return, so the two never both pay back.',
  },
  refund_too_large: { status: 422, message: 'At most {amount} can be refunded on this order.' },
  refund_refused: { status: 502, message: 'The payment provider refused the refund: {reason}' },
  refund_unconfirmed: {
    status: 502,
    message:
      'The payment provider did not confirm the refund. Try again: the same request never refunds twice.',
  },
  // The back-office catalogue and images.
  // The receiving bench (docs/product.md "Intake"): the GTIN's own problem, in core's words.
  intake_code_invalid: { status: 422, message: '{problem}' },
  intake_sku_busy: {
    status: 409,
    message: 'Another bench took the next SKU of this series at the same moment. Please save again.',
  },
  sku_taken: { status: 409, message: 'Another product already has SKU {sku}. Please use a different SKU.' },
  category_not_found: {
    status: 422,
    message: 'That category does not exist. Please pick one from the list.',
  },
  product_has_bids: {
    status: 409,
    message:
      'This product has an open auction with bids, so it cannot be withdrawn. Cancel the auction first.',
  },
  image_not_found: { status: 404, message: 'Image not found' },
  image_upload_not_multipart: {
    status: 415,
    message: 'Send the images as a multipart/form-data upload (field "images").',
  },
  image_upload_invalid: { status: 400, message: 'The upload could not be read. Please try again.' },
  image_upload_empty: { status: 400, message: 'Please choose at least one image to upload.' },
  not_an_image: {
    status: 422,
    message:
      '{name} is not an image we can read. Please upload a JPEG, PNG, WebP, AVIF, HEIC, GIF or TIFF photo.',
  },
  image_too_large: { status: 413, message: '{name} is larger than {limit}. Please upload a smaller photo.' },
  image_too_many_pixels: {
    status: 422,
    message: '{name} has more than {limit} megapixels. Please upload a smaller photo.',
  },
  too_many_images: {
    status: 422,
    message: 'A product can have at most {limit} images. Delete some before adding more.',
  },
  too_many_files: { status: 413, message: 'Please upload at most {limit} images at a time.' },
  upload_too_large: {
    status: 413,
    message: 'The upload is larger than {limit}: send at most {count} photos of up to {each} each.',
  },
  upload_in_progress: {
    status: 429,
    message: 'Your other upload is still being sent. Please wait for it to finish and try again.',
  },
  image_order_mismatch: {
    status: 409,
    message: 'The images changed while you were ordering them. Reload the product and try again.',
  },
  // Messages in the back-office (admin-messages.ts; decision 027).
  contact_message_not_found: { status: 404, message: 'That message does not exist.' },
  contact_message_handled: {
    status: 409,
    message: 'This message was already answered or closed. Reopen it to reply again.',
  },
  contact_message_not_handled: { status: 409, message: 'This message is already open.' },
  product_locked_by_bids: {
    status: 409,
    message:
      'Shoppers are bidding on this product, so these can no longer change: {fields}. You can still add to the description and change the photos, category, SKU, featured flag and desk notes.',
  },
  dead_letter_not_found: {
    status: 404,
    message: 'This message is no longer a dead letter: it was retried or discarded already.',
  },
  // The manifest import (admin-import.ts, decision 026).
  import_not_multipart: {
    status: 415,
    message: 'Send the manifest as a multipart/form-data upload: one CSV file and its photos.',
  },
  import_no_csv: { status: 400, message: 'Please choose a CSV file (the manifest) to upload.' },
  import_two_csv: { status: 400, message: 'Please upload one CSV file at a time ({name} is a second one).' },
  import_csv_too_large: {
    status: 413,
    message: 'The CSV is larger than {limit}. Please split it into smaller files.',
  },
  import_too_many_rows: {
    status: 413,
    message: 'The CSV has more than {limit} rows. Please split it into files of at most {limit} rows.',
  },
  import_csv_unreadable: { status: 422, message: 'The CSV could not be read: {detail}' },
  import_csv_encoding: {
    status: 422,
    message:
      'Line {line} of the CSV has characters that are not UTF-8 text. In your spreadsheet, save it as \u201cCSV UTF-8\u201d and upload that file.',
  },
  import_csv_nul: {
    status: 422,
    message:
      'Line {line} of the CSV has a NUL character, so it is not plain text. Save the sheet as \u201cCSV UTF-8\u201d and upload that file.',
  },
  import_missing_columns: {
    status: 422,
    message: 'The CSV has no {columns} column. Download the template to see the columns.',
  },
  import_empty: { status: 422, message: 'The CSV has no rows under its header.' },
  import_too_many_images: {
    status: 413,
    message: 'An import takes at most {limit} photos. Please split the drop.',
  },
  import_not_found: { status: 404, message: 'That import does not exist.' },
  import_not_preview: {
    status: 409,
    message: 'This import was already started or discarded. Upload the file again to start over.',
  },
  import_nothing_valid: {
    status: 409,
    message: 'No row of this file is valid, so there is nothing to import. Fix the rows and upload it again.',
  },
  import_not_finished: { status: 409, message: 'The report is ready once the import has finished.' },
  // Pre-launch mode: the store's data is refused to visitors while the site is locked.
  store_locked: { status: 403, message: 'The store opens soon.' },
  // The seller's tax numbers in Settings (tax-registration.ts): a number left empty falls back to
  // the server's configured one; in production without one there is nothing to fall back to.
  tax_number_required: {
    status: 400,
    message: 'Please enter the {name}: the server has no configured number for receipts to fall back to.',
  },
  // Auctions and drops in the back-office, second-chance offers (admin-auctions.ts).
  auction_location_not_found: {
    status: 422,
    message: 'That pickup location does not exist. Please pick one from the list.',
  },
  product_not_schedulable: {
    status: 409,
    message:
      '{title} cannot be put up for auction now: it is {status}. Only drafts, unsold items and items to relist can.',
  },
  product_has_open_auction: {
    status: 409,
    message: '{title} already has a scheduled or live auction. Edit or cancel that one instead.',
  },
  drop_products_not_found: {
    status: 422,
    message: '{count} of the chosen products no longer exist. Reload and choose again.',
  },
  schedule_start_in_past: {
    status: 422,
    message: 'The start is in the past. Please choose a start from now on.',
  },
  schedule_start_too_far: { status: 422, message: 'The start can be at most a year from now.' },
  schedule_end_in_past: { status: 422, message: 'The end must be at least a minute from now.' },
  schedule_end_before_start: { status: 422, message: 'The end must be at least a minute after the start.' },
  schedule_too_long: {
    status: 422,
    message: 'An auction can run for at most 30 days (the last lot of a drop included).',
  },
  schedule_starting_bid_out_of_range: {
    status: 422,
    message: 'The starting bid must be between $0.01 and $100,000.',
  },
  schedule_increment_out_of_range: {
    status: 422,
    message: 'The increment must be between $0.01 and $100,000.',
  },
  schedule_reserve_out_of_range: { status: 422, message: 'The reserve must be between $0.01 and $100,000.' },
  schedule_reserve_below_starting_bid: {
    status: 422,
    message: 'The reserve must be at least the starting bid.',
  },
  drop_lot_invalid: { status: 422, message: 'Lot {number} ({title}): {problem}' },
  drop_lot_not_in_drop: {
    status: 422,
    message: 'A lot’s own amounts name a product that is not in this drop.',
  },
  schedule_soft_close_out_of_range: { status: 422, message: 'Soft close is 0 to 600 seconds.' },
  schedule_stagger_out_of_range: { status: 422, message: STAGGER_RANGE_MESSAGE },
  schedule_too_many_lots: { status: 422, message: 'A drop has 1 to 500 lots.' },
  auction_not_editable: {
    status: 409,
    message: 'This auction has already opened, so it can no longer be edited. Cancel it instead.',
  },
  auction_not_cancellable: { status: 409, message: 'This auction has already ended or been cancelled.' },
  auction_not_relistable: {
    status: 409,
    message: 'Only an auction that ended unsold, was cancelled or was not paid can be relisted, once.',
  },
  offer_not_allowed: {
    status: 409,
    message:
      "A second-chance offer needs an ended auction whose winner's order was cancelled for non-payment.",
  },
  offer_already_open: {
    status: 409,
    message: 'This auction already has an open offer. Wait for an answer or its deadline.',
  },
  offer_bidder_invalid: {
    status: 422,
    message: 'That shopper cannot get this offer: they did not bid, did not pay, or were already offered it.',
  },
  offer_not_found: { status: 404, message: 'Offer not found' },
  offer_none_open: { status: 409, message: 'This auction has no open offer to withdraw.' },
  offer_closed: { status: 409, message: 'This offer is no longer open: it was {status}.' },
  offer_expired: { status: 409, message: 'This offer expired. The item may be offered to someone else.' },
  internal: { status: 500, message: 'Something went wrong. Please try again.' },
  concurrent_change: {
    status: 409,
    message: 'Someone else changed this at the same moment, so nothing was saved. Please try again.',
  },
  // Bid groups (core bid-groups.ts has the size rules and their words).
  bid_group_too_few_lots: { status: 422, message: 'A group needs at least 2 lots.' },
  bid_group_too_many_lots: { status: 422, message: 'A group holds at most 20 lots.' },
  bid_group_duplicate_lot: { status: 422, message: 'A lot is in the group twice.' },
  bid_group_win_at_most: {
    status: 422,
    message: 'Choose to win at least 1 lot and fewer than the lots in the group.',
  },
  bid_group_lot_not_open: {
    status: 409,
    message: '{title} has ended or was cancelled, so it cannot join a group.',
  },
  bid_group_lot_has_bid: {
    status: 409,
    message: 'You already have a maximum on {title}. A group takes lots you have not bid on yet.',
  },
  bid_group_lot_in_group: { status: 409, message: '{title} is already in another of your groups.' },
  bid_group_lot_placed: {
    status: 409,
    message: 'Your maximum on {title} is already placed, and bids are binding: it stays in the group.',
  },
  bid_group_amount: { status: 422, message: '{title}: {problem}' },
  bid_group_closed: { status: 409, message: 'This group has finished, so it can no longer change.' },
  bid_group_win_below_wins: {
    status: 422,
    message: 'This group has already won {wins}, so it cannot be set to win fewer.',
  },
  // What you could owe (core spending.ts): the shopper's own spending limit.
  spending_limit_exceeded: {
    status: 422,
    message: 'This would bring the most you could owe to {figure}, above your spending limit of {limit}.',
  },
  spending_limit_invalid: {
    status: 400,
    message: 'Please enter your spending limit as an amount in dollars, like 500 or 1,250.00.',
  },
  spending_limit_too_low: {
    status: 400,
    message: `The spending limit must be at least ${formatCents(MIN_SPENDING_LIMIT_CENTS)}.`,
  },
  spending_limit_too_high: {
    status: 400,
    message: `The spending limit can be at most ${formatCents(MAX_SPENDING_LIMIT_CENTS)}.`,
  },
  // Bidding limits (docs/product.md "Bidding limits"; rules in packages/core/src/bidding-limits.ts).
  bid_over_limit: { status: 403, message: 'Your bidding limit is {amount}; contact us to raise it.' },
  bid_limit_confirm_phone: {
    status: 403,
    message:
      'Until your phone number is confirmed, you can bid up to {amount}. Confirm your phone number in your account, or wait for our approval.',
  },
  bid_limit_new_account: {
    status: 403,
    message:
      'New accounts can bid up to {amount} in their first {days} days. You can bid more from {date}, or sooner once we approve your account.',
  },
  bid_limit_invalid: {
    status: 400,
    message: 'Please enter the bidding limit as an amount in dollars, like 500 or 1,250.00.',
  },
  bid_limit_out_of_range: {
    status: 400,
    message: `The bidding limit must be between ${formatCents(MIN_BID_LIMIT_CENTS)} and {amount}.`,
  },
  bid_limit_approval_not_needed: {
    status: 409,
    message: 'This account is already approved to bid above the new-account limit.',
  },
  // The store cancels a bid (docs/product.md "Signals of unfair bidding").
  bid_cancel_not_live: {
    status: 409,
    message: 'Bids can be cancelled only while the lot is live; this one has ended or is not live.',
  },
  bid_cancel_no_bid: { status: 404, message: 'This shopper has no bid on this lot to cancel.' },
  unavailable: { status: 503, message: 'The service is unavailable. Please try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Fills `{name}` placeholders of a catalogue message. */
export function errorMessage(code: ErrorCode, params: Record<string, string> = {}): string {
  return ERRORS[code].message.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}
