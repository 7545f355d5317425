import { formatDateKeyLong } from '@rebound/core/shop-clock-formats';
import { addDaysToDateKey, PAYMENT_WINDOW_HOURS, RETURN_WINDOW_DAYS } from '@rebound/core/time';
import { Link } from 'react-router';
import { COMPANY, COMPANY_ADDRESS_LINE } from '../../../lib/company';
import { NON_RETURNABLE } from '../../../lib/store-policies';
import { MailLink } from '../components/inline';
import type { LegalSection } from '../types';

// The Refund & Return Policy (docs/product.md "Returns"): free returns within core's RETURN_WINDOW_DAYS
// of pickup, refunds in 5-10 business days to the original card, the non-returnable list. The windows
// are rendered from packages/core/src/time.ts, so the page says what the store applies.

/** The worked example of the return window: an item collected on Tuesday, November 10, 2026. */
const EXAMPLE_PICKUP = '2026-11-10';

export const RETURNS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'promise',
    title: `Our ${RETURN_WINDOW_DAYS}-day free return promise`,
    content: (
      <>
        <p>
          If you change your mind about an item, you can bring it back within {RETURN_WINDOW_DAYS} days of the
          day you picked it up. Returns are free: there is no restocking fee and nothing to ship, because you
          return the item to the warehouse you collected it from.
        </p>
        <p>
          The {RETURN_WINDOW_DAYS} days count from your pickup date. For an item collected on{' '}
          {formatDateKeyLong(EXAMPLE_PICKUP)}, the last day to return it is{' '}
          {formatDateKeyLong(addDaysToDateKey(EXAMPLE_PICKUP, RETURN_WINDOW_DAYS))}. If that last day falls on
          a Sunday or a statutory holiday, when we are closed, you can return it on the next day we are open.
        </p>
      </>
    ),
  },
  {
    id: 'eligible-items',
    title: 'What you can return',
    content: (
      <>
        <p>We accept a return when:</p>
        <ul>
          <li>it is within {RETURN_WINDOW_DAYS} days of pickup;</li>
          <li>
            the item is in the condition you received it in, matching the condition grade it was sold under,
            with no new damage or wear;
          </li>
          <li>
            it comes back with everything it came with: accessories, parts, manuals and packaging you
            received; and
          </li>
          <li>it is not on the list of non-returnable items below.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'non-returnable',
    title: 'Items that cannot be returned',
    content: (
      <>
        <p>For health, safety and fairness reasons, these cannot be returned:</p>
        <ul>
          {NON_RETURNABLE.map((item) => (
            <li key={item}>{item}.</li>
          ))}
        </ul>
        <p>
          This does not affect your rights when an item is not as described (section 6), whatever kind of item
          it is.
        </p>
      </>
    ),
  },
  {
    id: 'how-to-return',
    title: 'How to return an item',
    content: (
      <ol>
        <li>
          <strong>Let us know (optional).</strong> Email <MailLink address={COMPANY.supportEmail} /> with your
          order number and the reason for the return, and we will have the paperwork ready.
        </li>
        <li>
          <strong>Bring the item back</strong> to {COMPANY_ADDRESS_LINE}, Monday to Saturday, 10:00 to 18:00
          Pacific Time, within {RETURN_WINDOW_DAYS} days of pickup. No appointment is needed. Bring your order
          number and your photo ID.
        </li>
        <li>
          <strong>We check it at the counter,</strong> usually while you wait, and confirm the return by
          email.
        </li>
        <li>
          <strong>We refund your card</strong> as described in section 5.
        </li>
      </ol>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    content: (
      <>
        <p>
          When we accept a return, we refund the full amount you paid for that item: the winning bid, the
          buyer's premium, PST and GST. Storage fees for a late pickup are not refunded.
        </p>
        <p>
          Refunds go to the credit card you paid with, in Canadian dollars, and reach your account within 5 to
          10 business days after we accept the return, depending on your card issuer. We cannot refund to a
          different card, in cash or as store credit.
        </p>
        <p>
          If an item comes back with new damage, or without parts it had when we handed it over, we may
          decline the return and give the item back to you.
        </p>
      </>
    ),
  },
  {
    id: 'not-as-described',
    title: 'Items that are not as described',
    content: (
      <>
        <p>
          Every item is inspected and graded before it is listed, and we show you the item at pickup so you
          can check it. If it is the wrong item, has damage or a fault the listing did not mention, or is
          missing something the listing said was included, tell our staff at the counter: we will cancel the
          sale and refund you in full.
        </p>
        <p>
          If you find such a problem after you get home, contact us within {RETURN_WINDOW_DAYS} days of
          pickup. This applies to every item, including ones marked Final Sale or As-Is, because an item must
          match its listing. We refund in full, with no fee.
        </p>
      </>
    ),
  },
  {
    id: 'exchanges',
    title: 'Exchanges',
    content: (
      <p>
        Each auction is for one particular item, so we cannot exchange it for another. Return it for a refund
        instead, and bid on another listing in our <Link to="/shop">shop</Link>.
      </p>
    ),
  },
  {
    id: 'cancelled-orders',
    title: 'Cancelled orders',
    content: (
      <>
        <p>
          If you do not pay within {PAYMENT_WINDOW_HOURS} hours of an auction's end, the order is cancelled.
          You are not charged for the item, but the cancellation adds a non-payment strike to your account, as
          our <Link to="/terms-of-service">Terms of Service</Link> explain.
        </p>
        <p>
          If we cancel a sale ourselves, for example because the item was damaged before pickup, anything you
          paid is refunded in full to your original card within 5 to 10 business days.
        </p>
      </>
    ),
  },
  {
    id: 'questions',
    title: 'Questions',
    content: (
      <p>
        Email <MailLink address={COMPANY.supportEmail} /> or use our <Link to="/contact">contact form</Link>,
        and include your order number if you have one. We answer within 24 hours.
      </p>
    ),
  },
];
