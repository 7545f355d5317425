// One table of error codes: HTTP status and the user-facing message (the spec's own words where it
// has them, marketplace-spec.md section 8). The server throws AppError(code); the browser shows
// `message` as it arrives.
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
  invalid_bid_amount: { status: 422, message: 'Please enter a valid proxy bid amount' },
  payload_too_large: { status: 413, message: 'The request is too large.' },
  unsupported_media_type: { status: 415, message: 'Send JSON with Content-Type: application/json.' },
  rate_limited: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  test_clock_disabled: { status: 404, message: 'Not found' },
  internal: { status: 500, message: 'Something went wrong. Please try again.' },
  unavailable: { status: 503, message: 'The service is unavailable. Please try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Fills `{name}` placeholders of a catalogue message. */
export function errorMessage(code: ErrorCode, params: Record<string, string> = {}): string {
  return ERRORS[code].message.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}
