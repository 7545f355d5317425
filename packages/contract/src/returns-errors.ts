// The returns' error codes (docs/product.md "Returns"), in their own table: contract/errors.ts is
// loaded by the product and shop pages and stays as it is (e2e/tests/budget.spec.ts). The server's
// AppError takes these codes as it takes errors.ts's; the browser shows `message` as it arrives.
export const RETURN_ERRORS = {
  return_not_found: { status: 404, message: 'Return not found' },
  return_not_collected: {
    status: 409,
    message: 'Only an order you have picked up can be returned.',
  },
  return_window_closed: {
    status: 422,
    message:
      'Returns for this order closed at the end of {lastDay} (PT). Items can be returned within 7 days of pickup.',
  },
  return_final_sale: { status: 422, message: 'This item was sold as Final Sale and cannot be returned.' },
  return_as_is: { status: 422, message: 'This item was sold As-Is and cannot be returned.' },
  return_non_returnable_kind: {
    status: 422,
    message:
      'This item cannot be returned: perishables, personal care items, custom items, hazardous materials and gift cards are not returnable.',
  },
  return_already_requested: { status: 409, message: 'A return was already asked for this order.' },
  return_not_open: {
    status: 409,
    message: 'This return can no longer be changed: it is {state}.',
  },
  return_not_received: {
    status: 409,
    message: 'This return has not been received at the desk yet, or it is already settled ({state}).',
  },
  return_drop_off_after_deadline: {
    status: 422,
    message:
      'Please choose a drop-off time before the end of {lastDay} (PT), when returns for this order close.',
  },
  return_drop_off_slot_full: { status: 409, message: 'That time is now full. Please pick another.' },
  return_drop_off_slot_invalid: {
    status: 422,
    message: 'That drop-off time is not available. Please pick another.',
  },
  return_too_many_photos: { status: 422, message: 'A return can have at most {max} photos.' },
  return_nothing_to_refund: {
    status: 409,
    message: 'Nothing is left to refund on this order.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ReturnErrorCode = keyof typeof RETURN_ERRORS;
