import { formatCents } from '@rebound/core/money';
import { MAX_ACTIVE_STRIKES } from '@rebound/core/orders';
import {
  ABANDONED_AFTER_FINAL_NOTICE_DAYS,
  ABANDONED_FINAL_NOTICE_AFTER_DAYS,
  STORAGE_FEE_CENTS_PER_DAY,
} from '@rebound/core/pickup';
import { formatDateKeyLong } from '@rebound/core/shop-clock-formats';
import {
  addDaysToDateKey,
  PAYMENT_WINDOW_HOURS,
  PICKUP_WINDOW_DAYS,
  RETURN_WINDOW_DAYS,
} from '@rebound/core/time';
import { Link } from 'react-router';
import { incrementRows } from '../../../lib/bid-increments';
import { COMPANY, COMPANY_ADDRESS_LINE } from '../../../lib/company';
import { AddressBlock, MailLink, PolicyTable } from '../components/inline';
import { PremiumAndTaxes } from '../components/PremiumAndTaxes';
import type { LegalSection } from '../types';

// The Terms of Service's 25 sections, as docs/product.md states the rules: bidding, the payment
// deadline and strikes, prices and taxes, pickup and returns. The windows and fees are core's constants
// (packages/core), the increment table is core's, and the premium and taxes are the pickup locations'
// own rates priced by core (PremiumAndTaxes), so the page cannot drift from what the store applies.

/** The pickup window's worked example: an auction that ends on Monday, November 2, 2026. */
const EXAMPLE_END = '2026-11-02';

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'eligibility-and-accounts',
    title: 'Eligibility and accounts',
    content: (
      <>
        <p>To bid or buy on Rebound, you must:</p>
        <ul>
          <li>
            have reached the age of majority in your province or territory of residence (19 in British
            Columbia);
          </li>
          <li>be able to collect your items in person at our Burnaby warehouse, because we do not ship;</li>
          <li>give us accurate, current information, including a mobile number we can reach you on; and</li>
          <li>hold only one account. Accounts are personal and may not be shared, sold or transferred.</li>
        </ul>
        <p>
          Keep your password and sign-in codes to yourself. You are responsible for bids and purchases made
          from your account; tell us right away at <MailLink address={COMPANY.supportEmail} /> if you think
          someone else has used it. Our <Link to="/privacy-policy">Privacy Policy</Link> explains how we
          handle your information.
        </p>
      </>
    ),
  },
  {
    id: 'bidder-handle',
    title: 'Your bidder handle',
    content: (
      <p>
        When you sign up you choose a bidder handle of up to 20 characters. It is shown publicly in the bid
        history of every auction you bid on and as the winner's handle when you win; your name and contact
        details are not. A handle must not contain an email address or phone number, impersonate anyone
        (including Rebound or its staff), or be offensive or misleading. We may remove a handle that breaks
        these rules and ask you to choose another.
      </p>
    ),
  },
  {
    id: 'how-auctions-work',
    title: 'How auctions work',
    content: (
      <>
        <ul>
          <li>
            Each listing shows photos, a description, the condition grade, the starting and current bid, the
            number of bids, the time remaining and the pickup location. The retail price shown is for
            reference only; it is not an offer or a valuation.
          </li>
          <li>
            An auction is either scheduled ("Coming Soon"), live or ended. Bids are accepted only while it is
            live: from its start time up to, but not including, its end time. A bid that reaches us at or
            after the end time is too late.
          </li>
          <li>
            Our server's clock is the official time for every auction. The countdown on your screen follows
            it, but a slow connection can delay your bid, so do not leave it to the last second.
          </li>
          <li>All times are Pacific Time (Vancouver) and all amounts are in Canadian dollars (CAD).</li>
          <li>
            Every bid is a binding offer to buy the item, if you win, at the final price plus the buyer's
            premium and taxes. Bids cannot be withdrawn or lowered.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'proxy-bidding',
    title: 'Proxy bidding',
    content: (
      <>
        <p>
          You bid by entering the most you are willing to pay: your maximum bid. Our system then bids for you,
          one increment at a time and only as much as needed to keep you in the lead, up to your maximum. Your
          maximum stays private.
        </p>
        <ul>
          <li>You have one maximum per auction. You can raise it, but you cannot lower or withdraw it.</li>
          <li>
            The lowest maximum we accept is the starting bid while nobody has bid, and otherwise the current
            bid plus one increment. This applies to the leading bidder too.
          </li>
          <li>
            With two or more bidders, the current bid is one increment above the second-highest maximum, but
            never more than the highest maximum. If two maximums are equal, the one set first leads; raising
            your maximum counts as setting it again.
          </li>
        </ul>
        <p>
          <strong>Example:</strong> an auction starts at $40.00 and one bidder has set a maximum of $45.00, so
          the current bid is $40.00. You set a maximum of $60.00. The current bid becomes $46.00 (their $45.00
          plus the $1.00 increment) and you lead. Nobody sees your $60.00.
        </p>
      </>
    ),
  },
  {
    id: 'bid-increments',
    title: 'Bid increments',
    content: (
      <>
        <p>
          Each auction page shows the increment that applies, which is either a fixed amount set for that
          auction or our standard table below, read at the current bid:
        </p>
        <PolicyTable
          caption="Standard bid increments"
          head={['Current bid', 'Increment']}
          rows={incrementRows()}
        />
      </>
    ),
  },
  {
    id: 'reserve-prices',
    title: 'Reserve prices',
    content: (
      <p>
        An auction may have a hidden reserve: the lowest price at which the item will be sold. While the
        highest maximum bid is below the reserve, the auction page shows "Reserve not met", and if the auction
        ends that way the item is not sold and no one has to buy it. Once the highest maximum reaches the
        reserve, the current bid rises to at least the reserve (never above that maximum) and the notice goes
        away. We do not disclose reserve amounts.
      </p>
    ),
  },
  {
    id: 'soft-close',
    title: 'Soft close',
    content: (
      <p>
        Auctions end with a 1-minute soft close, so that no one wins just by bidding at the last second. If a
        bid that changes the current bid or the leader is accepted when 1 minute or less remains, the end time
        moves to 1 minute after that bid. This repeats until a full minute passes without such a bid. Raising
        your own maximum while you lead, without changing the current bid, does not extend the auction, and
        bids that are not accepted never do. The auction page shows the new end time as it happens.
      </p>
    ),
  },
  {
    id: 'winning',
    title: 'Winning and the binding contract',
    content: (
      <>
        <p>
          When an auction ends, the bidder with the highest maximum wins at the final current bid, provided
          any reserve is met. At that moment a binding contract of sale is formed between you and{' '}
          {COMPANY.legalName} for the item at the winning bid plus the buyer's premium and applicable taxes.
        </p>
        <p>
          We notify the winner and the other bidders, and the item appears in the winner's orders as "Payment
          Required".
        </p>
      </>
    ),
  },
  {
    id: 'premium-and-taxes',
    title: "Buyer's premium and taxes",
    content: <PremiumAndTaxes />,
  },
  {
    id: 'payment',
    title: `Payment within ${PAYMENT_WINDOW_HOURS} hours`,
    content: (
      <>
        <p>
          Pay for each item you win within {PAYMENT_WINDOW_HOURS} hours of the auction's end time. You pay
          from your cart, on our payment processor's secure hosted checkout page, with a major credit card. We
          do not accept cash, cheques or payment at the warehouse, and we never see or store your full card
          number.
        </p>
        <p>
          An order counts as paid ("Payment Received") once our payment processor confirms the payment to us.
          You can then book your pickup.
        </p>
      </>
    ),
  },
  {
    id: 'non-payment',
    title: 'Non-payment strikes and suspension',
    content: (
      <>
        <p>
          If an order is not paid within {PAYMENT_WINDOW_HOURS} hours of the auction's end, it is cancelled
          automatically and a non-payment strike is added to your account. We may then relist the item or
          offer it to the next bidder. A cancelled order cannot be reinstated.
        </p>
        <p>
          Strikes are listed in your account with their reason and date. With {MAX_ACTIVE_STRIKES} active
          strikes your bidding is suspended until we review your account; other breaches of these terms may
          also lead us to suspend your bidding or close your account. If you believe a strike was a mistake,
          for example because of a payment problem on our side, contact us and we will review it (and remove
          it, with a note of why).
        </p>
      </>
    ),
  },
  {
    id: 'pickup',
    title: 'Pickup window and ID',
    content: (
      <>
        <p>
          Rebound is pickup only: we do not ship or deliver. You collect your items from our warehouse at{' '}
          {COMPANY_ADDRESS_LINE}, Monday to Saturday, 10:00 to 18:00 Pacific Time (closed Sundays and
          statutory holidays).
        </p>
        <ul>
          <li>
            Your pickup window runs from the auction's end date through {PICKUP_WINDOW_DAYS} days after it.
            For an auction that ends on {formatDateKeyLong(EXAMPLE_END)}, you can pick up from that day
            through {formatDateKeyLong(addDaysToDateKey(EXAMPLE_END, PICKUP_WINDOW_DAYS))}.
          </li>
          <li>
            Pay first, then book a pickup appointment in your account. Slots are limited, so book early in
            your window. You can move an appointment until it starts.
          </li>
          <li>
            Bring valid government-issued photo ID (such as a driver's licence or passport) in the name on
            your account, and your order number. We hand items over only after checking ID. If someone else
            will collect for you, arrange it with us by email before the visit; they must show their own photo
            ID.
          </li>
          <li>
            Check your item at the counter before you leave (section 15). Staff can help load items up to 25
            kg; for larger items, bring a helper and a vehicle they fit in. The item is yours, and your
            responsibility, once we hand it over.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'storage',
    title: 'Storage fees and abandoned items',
    content: (
      <>
        <p>
          If you have not collected an item by the end of its pickup window, a storage fee of{' '}
          {formatCents(STORAGE_FEE_CENTS_PER_DAY)} per item per day applies from the next day until you
          collect it. A late pickup needs an appointment arranged with us, and storage fees are payable before
          we release the item.
        </p>
        <p>
          If an item is still not collected {ABANDONED_FINAL_NOTICE_AFTER_DAYS} days after the end of its
          pickup window, we send you a final notice (in your account, and by email and your other channels as
          your notification settings allow) naming the last day to collect it. If you do not collect it or
          contact us within {ABANDONED_AFTER_FINAL_NOTICE_DAYS} days of that notice, the item is considered
          abandoned: our staff may resell, donate, recycle or dispose of it, and refund what you paid for it
          less the storage fees owed.
        </p>
      </>
    ),
  },
  {
    id: 're-listing-fee',
    title: 'No re-listing fee',
    content: (
      <p>
        We do not charge a re-listing fee. If you default on a purchase by not paying within{' '}
        {PAYMENT_WINDOW_HOURS} hours, the order is cancelled with a non-payment strike (section 11); if you
        abandon a paid item, storage fees owed are kept from your refund (section 13). Nothing else is
        charged.
      </p>
    ),
  },
  {
    id: 'condition-grades',
    title: 'Condition grades and inspection',
    content: (
      <>
        <p>
          Our team inspects every item before it is listed, tests it where practical, and gives it one of
          three grades:
        </p>
        <ul>
          <li>
            <strong>Like New:</strong> unused or barely used, with no visible wear and its main accessories.
            The packaging may have been opened.
          </li>
          <li>
            <strong>Open Box:</strong> the packaging has been opened, damaged or replaced; the item itself is
            in excellent condition, but inserts or non-essential packaging may be missing.
          </li>
          <li>
            <strong>Gently Used:</strong> used, with light signs of wear such as small scuffs or scratches,
            and working as it should.
          </li>
        </ul>
        <p>
          The description and photos show the item we inspected, including any flaw or missing part we found.
          Manuals, accessories and packaging are included only when the description says so. Items marked{' '}
          <strong>Final Sale</strong> or <strong>As-Is</strong> are sold as described and cannot be returned.
          Please look your item over when we hand it over: if it does not match its listing, tell our staff
          there and then.
        </p>
      </>
    ),
  },
  {
    id: 'returns',
    title: 'Returns',
    content: (
      <p>
        You can return most items within {RETURN_WINDOW_DAYS} days of pickup, free of charge, for a refund to
        your original card within 5 to 10 business days. The rules, including the items that cannot be
        returned, are in our <Link to="/refund-return-policy">Refund &amp; Return Policy</Link>, which forms
        part of these terms.
      </p>
    ),
  },
  {
    id: 'prohibited-conduct',
    title: 'Prohibited conduct',
    content: (
      <>
        <p>When you use Rebound, you must not:</p>
        <ul>
          <li>
            shill bid: bid, or have anyone bid, to push up a price rather than to buy. Our staff and the
            members of their households may not bid on Rebound auctions;
          </li>
          <li>
            use bots, scripts or any other automated means to bid, create accounts or copy content from the
            site;
          </li>
          <li>bid from more than one account, or from someone else's account;</li>
          <li>agree with other bidders not to bid against each other, or otherwise manipulate prices;</li>
          <li>bid without intending to pay;</li>
          <li>interfere with the site or its security, or try to get around its limits; or</li>
          <li>harass our staff or other shoppers.</li>
        </ul>
        <p>
          We may cancel bids, void auction results, and suspend or close accounts involved in prohibited
          conduct, and we report illegal activity to the authorities.
        </p>
      </>
    ),
  },
  {
    id: 'cancellations',
    title: 'Cancellations by the seller',
    content: (
      <p>
        We may cancel an auction, remove a bid or cancel a sale, before or after the auction ends, if the item
        is lost, damaged or found not to match its listing before pickup; if the listing contains an obvious
        error (such as a wrong photo, description or starting bid); if a technical problem affected the
        bidding; or if we suspect fraud or prohibited conduct. If we cancel a sale you won, you owe nothing
        for it, and anything you paid is refunded in full to your original card within 5 to 10 business days.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    content: (
      <p>
        The site and its design, text, photos, logos and software belong to {COMPANY.legalName} or its
        licensors. You may use the site to shop for yourself; you may not copy, scrape or republish its
        content or use our name and logos without our written permission. Product names and brands belong to
        their owners. Unless a listing says otherwise, we are not affiliated with the manufacturers or
        retailers whose goods we sell.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    content: (
      <>
        <p>
          Items are returned or overstock goods, sold in the condition graded and described. Except as these
          terms and our Refund &amp; Return Policy say, and as far as the law allows, we give no other
          warranties, express or implied, including of merchantability or fitness for a particular purpose. A
          manufacturer's warranty may not apply to a returned or overstock item.
        </p>
        <p>
          We work hard to keep the site available and accurate, but we provide it "as is" and cannot promise
          it will be uninterrupted or free of errors. We are not responsible for bids that do not reach us
          because of your device or internet connection.
        </p>
        <p>
          Nothing in these terms limits rights you have under consumer protection law that cannot be waived,
          including British Columbia's <em>Business Practices and Consumer Protection Act</em>.
        </p>
      </>
    ),
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of liability',
    content: (
      <p>
        As far as the law allows, our total liability to you for any claim arising from these terms, the site
        or any purchase is limited to the greater of CAD $100 or the total amount you paid us in the 12 months
        before the event that gave rise to the claim. We are not liable for indirect or consequential losses,
        such as lost profits or opportunities. These limits do not apply where the law does not allow them,
        for example to fraud, or to death or personal injury caused by our negligence.
      </p>
    ),
  },
  {
    id: 'indemnity',
    title: 'Indemnity',
    content: (
      <p>
        You agree to indemnify {COMPANY.legalName} and its directors, employees and agents against claims,
        losses and reasonable legal costs arising from your breach of these terms, your misuse of the site, or
        your violation of any law or of someone else's rights, except to the extent that we caused them.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    content: (
      <p>
        These terms are governed by the laws of British Columbia and the federal laws of Canada that apply
        there. You and we agree that the courts of British Columbia, including the Civil Resolution Tribunal
        for small claims, may decide any dispute. If you live in another province or territory, you keep the
        protection of its consumer laws that cannot be waived. If any part of these terms is found
        unenforceable, the rest still applies.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms; the date at the top shows the latest version. We will tell you about
        significant changes by email or with a notice on the site before they take effect. Changes never apply
        to bids you have already placed or purchases you have already made: those follow the terms in force
        when you bid. If you do not agree with a change, you may stop using Rebound and ask us to close your
        account.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <>
        <p>Questions about these terms, an auction or an order? Write to us:</p>
        <AddressBlock
          lines={[
            COMPANY.legalName,
            COMPANY.street,
            `${COMPANY.city}, ${COMPANY.province} ${COMPANY.postalCode}`,
            COMPANY.country,
          ]}
        />
        <p>
          Email <MailLink address={COMPANY.supportEmail} /> or use our <Link to="/contact">contact form</Link>
          . We answer within 24 hours. For privacy questions, email{' '}
          <MailLink address={COMPANY.privacyEmail} />.
        </p>
      </>
    ),
  },
];
