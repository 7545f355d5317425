/**
 * Phones and small tablets: below the layout's `lg` breakpoint the product page is one column. Its own
 * tiny module: the product page (LiveAuction) and the phone's bid bar chunk (PhoneBidBar) both ask.
 */
export const ONE_COLUMN = '(max-width: 1023.98px)';
