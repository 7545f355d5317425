import { formatCents } from '@rebound/core/money';
import { checkoutLineLabels, DEFAULT_TAX_CONFIG, priceCheckout, rateLabel } from '@rebound/core/pricing';
import { PAYMENT_WINDOW_HOURS, PICKUP_WINDOW_DAYS, RETURN_WINDOW_DAYS } from '@rebound/core/windows';
import { CreditCard, Gavel, type LucideIcon, MapPin, Receipt, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AmountTable } from '../../../components/ui/AmountTable';
import { ButtonLink } from '../../../components/ui/Button';
import { Container } from '../../../components/ui/Container';
import { incrementRows } from '../../../lib/bid-increments';
import { COMPANY, COMPANY_ADDRESS_LINE, OPENING_HOURS } from '../../../lib/company';
import { NON_RETURNABLE } from '../../../lib/store-policies';
import { useDocumentTitle } from '../../../lib/use-document-title';

// The FAQ says what the Terms of Service and the Refund & Return Policy say, in short. Rates, the
// worked example, the increment table and the payment and pickup windows are read from the same
// rules the server applies (packages/core), so the page cannot drift from what the store charges.

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

const TAX = DEFAULT_TAX_CONFIG;
const EXAMPLE = priceCheckout(10_000, TAX);
const LABELS = checkoutLineLabels(TAX);
const PREMIUM = rateLabel(TAX.buyersPremiumBp);
const PST = rateLabel(TAX.pstBp);
const GST = rateLabel(TAX.gstBp);

type Question = { q: string; a: ReactNode };
type Topic = { id: string; title: string; icon: LucideIcon; questions: readonly Question[] };

const TOPICS: readonly Topic[] = [
  {
    id: 'bidding',
    title: 'Bidding',
    icon: Gavel,
    questions: [
      {
        q: 'How does bidding work?',
        a: (
          <>
            <p>
              You enter the most you are willing to pay: your <strong>maximum bid</strong>. We then bid for
              you (proxy bidding), one increment at a time and only as much as needed to keep you in the lead,
              up to your maximum. Nobody else sees your maximum.
            </p>
            <p>
              The current bid sits one increment above the second-highest maximum, never above the highest. If
              two maximums are equal, the one set first leads. You can raise your maximum at any time, but you
              cannot lower or withdraw it: every bid is a binding offer to buy if you win.
            </p>
          </>
        ),
      },
      {
        q: 'What are the bid increments?',
        a: (
          <>
            <p>
              The smallest step the current bid moves by. An auction either sets its own fixed increment or
              uses our standard table, read at the current bid. The auction page always shows the lowest
              maximum you can enter.
            </p>
            <FaqTable
              caption="Standard bid increments"
              head={['Current bid', 'Increment']}
              rows={incrementRows()}
            />
          </>
        ),
      },
      {
        q: 'What happens in the final minute?',
        a: (
          <p>
            Every auction has a <strong>1-minute soft close</strong>. A bid that changes the current bid or
            the leader in the final minute moves the end time to 1 minute after that bid, and this repeats
            until a full minute passes without one. Nobody wins by bidding at the last second, and the page
            shows the new end time as it happens.
          </p>
        ),
      },
      {
        q: 'What is a reserve?',
        a: (
          <p>
            Some auctions have a hidden reserve: the lowest price the item will be sold for. While the highest
            maximum is below it, the auction says <strong>Reserve not met</strong>; if it ends that way, the
            item is not sold and nobody has to buy it. Once a maximum reaches the reserve, the current bid
            rises to at least the reserve and the notice goes away. Reserve amounts are never shown.
          </p>
        ),
      },
      {
        q: 'How do you keep the bidding fair?',
        a: (
          <>
            <p>
              Every bidder must be bidding to buy. Shill bidding (pushing up a price you do not mean to pay,
              by yourself, with a second account or through friends, family or our own staff) and bidding by
              script are against our <Link to="/terms-of-service">Terms of Service</Link>, and our staff watch
              for them every day: accounts that share a device, card, phone or email and bid on the same lots,
              bidders who raise prices in small steps and stop just below the leader, and bids at machine
              regularity.
            </p>
            <p>
              When something looks wrong, staff review it by hand. They can cancel a bid on a live auction
              (the price and leader are then worked out again from the other bids, and everyone whose standing
              changes is told), set a bidding limit on an account, or block it from bidding. To spot linked
              accounts we keep a scrambled form of the device and network address you sign in from for 90
              days; see our <Link to="/privacy-policy">Privacy Policy</Link>.
            </p>
          </>
        ),
      },
    ],
  },
  {
    id: 'fees',
    title: 'Fees and taxes',
    icon: Receipt,
    questions: [
      {
        q: 'What is added to my winning bid?',
        a: (
          <>
            <p>
              A buyer's premium of {PREMIUM} of the winning bid. British Columbia PST ({PST}) and GST ({GST})
              are then charged on the winning bid plus the premium. Signing up and bidding are free.
            </p>
            <FaqTable
              caption={`Worked example: a winning bid of ${formatCents(EXAMPLE.subtotalCents)}`}
              head={['Line', 'Amount']}
              rows={[
                ['Winning bid', formatCents(EXAMPLE.subtotalCents)],
                [LABELS.premium, formatCents(EXAMPLE.premiumCents)],
                [
                  `${LABELS.pst} on ${formatCents(EXAMPLE.subtotalCents + EXAMPLE.premiumCents)}`,
                  formatCents(EXAMPLE.pstCents),
                ],
                [
                  `${LABELS.gst} on ${formatCents(EXAMPLE.subtotalCents + EXAMPLE.premiumCents)}`,
                  formatCents(EXAMPLE.gstCents),
                ],
              ]}
              footer={['Total (CAD)', formatCents(EXAMPLE.totalCents)]}
            />
          </>
        ),
      },
      {
        q: 'I won several items. How is that priced?',
        a: (
          <p>
            Each item is priced on its own: its premium and each tax are worked out on it and rounded to the
            nearest cent. Paying for several at once charges the sum of their totals, the same figures each
            win showed you. Your cart shows every line before you pay.
          </p>
        ),
      },
    ],
  },
  {
    id: 'payment',
    title: 'Paying',
    icon: CreditCard,
    questions: [
      {
        q: 'When do I have to pay?',
        a: (
          <p>
            Within <strong>{PAYMENT_WINDOW_HOURS} hours of the auction's end</strong>. You pay from your cart
            by credit card on our payment processor's secure checkout page; we never see your full card
            number. We do not take cash or payment at the warehouse.
          </p>
        ),
      },
      {
        q: 'What if I do not pay in time?',
        a: (
          <p>
            The order is cancelled automatically and a <strong>non-payment strike</strong> is recorded on your
            account. After three strikes, your bidding is suspended. If you think a strike was our mistake,{' '}
            <Link to="/contact">contact us</Link> and we will review it.
          </p>
        ),
      },
    ],
  },
  {
    id: 'pickup',
    title: 'Pickup',
    icon: MapPin,
    questions: [
      {
        q: 'Where and when do I collect my items?',
        a: (
          <>
            <p>
              Rebound is pickup only: we do not ship. Once you have paid, book a pickup slot in{' '}
              <Link to="/account">your account</Link> on any day from the auction's end date through{' '}
              {PICKUP_WINDOW_DAYS} days after it, and collect your item at our {COMPANY.city} warehouse,{' '}
              {COMPANY_ADDRESS_LINE}.
            </p>
            <p>
              Opening hours (Pacific Time):{' '}
              {OPENING_HOURS.map((line) => `${line.days} ${line.hours}`).join('; ')}.
            </p>
          </>
        ),
      },
      {
        q: 'What do I need to bring?',
        a: (
          <p>
            <strong>Valid government-issued photo ID</strong> in the name on your account (a driver's licence
            or passport) and your order number. We hand items over only after checking ID. Staff can help load
            items up to 25 kg; for anything bigger, bring a helper.
          </p>
        ),
      },
    ],
  },
  {
    id: 'returns',
    title: 'Returns',
    icon: Undo2,
    questions: [
      {
        q: 'Can I return an item?',
        a: (
          <p>
            Yes, within <strong>{RETURN_WINDOW_DAYS} days of pickup</strong>, free. Bring it back to the
            warehouse in the condition you received it, with everything it came with, during opening hours. No
            appointment is needed.
          </p>
        ),
      },
      {
        q: 'When do I get my money back?',
        a: (
          <p>
            We refund the full amount you paid for the item (winning bid, premium and taxes) to the card you
            paid with. It reaches your account within <strong>5 to 10 business days</strong> of the accepted
            return, depending on your card issuer.
          </p>
        ),
      },
      {
        q: 'What cannot be returned?',
        a: (
          <>
            <ul className="list-disc space-y-1 pl-5">
              {NON_RETURNABLE.map((item) => (
                <li key={item}>{item}.</li>
              ))}
            </ul>
            <p>
              An item that is not as described can always be returned. The full rules are in our{' '}
              <Link to="/refund-return-policy">Refund &amp; Return Policy</Link>.
            </p>
          </>
        ),
      },
    ],
  },
];

/** A compact table of label and amount (increments, the worked example), its caption shown. */
function FaqTable(props: Omit<Parameters<typeof AmountTable>[0], 'captionVisible'>) {
  return <AmountTable {...props} captionVisible />;
}

/** /faq: short answers on bidding, fees and taxes, paying, pickup and returns. */
export default function FaqPage() {
  useDocumentTitle('Frequently Asked Questions');
  return (
    <Container className="py-8 sm:py-12 lg:py-16">
      <div className="mx-auto max-w-3xl">
        <header>
          <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Help</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink-950 sm:text-4xl">
            Frequently Asked Questions
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-pretty text-ink-700">
            How bidding works, what you pay, and how to collect and return your finds. The{' '}
            <Link to="/terms-of-service" className={linkClass}>
              Terms of Service
            </Link>{' '}
            have the full rules.
          </p>
        </header>

        <nav aria-label="FAQ topics" className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {TOPICS.map((topic) => (
              <li key={topic.id}>
                <a
                  href={`#${topic.id}`}
                  className="inline-flex h-10 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-ink-800 ring-1 ring-ink-200 transition-colors ring-inset hover:bg-brand-50 hover:text-brand-800 hover:ring-brand-200"
                >
                  <topic.icon className="size-4 text-brand-700" aria-hidden="true" />
                  {topic.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-10 flex flex-col gap-12 sm:mt-12 sm:gap-14">
          {TOPICS.map((topic) => (
            <section
              key={topic.id}
              id={topic.id}
              aria-labelledby={`${topic.id}-heading`}
              className="scroll-mt-24"
            >
              <h2
                id={`${topic.id}-heading`}
                className="flex items-center gap-3 text-2xl font-bold tracking-tight text-ink-950"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                  <topic.icon className="size-5" aria-hidden="true" />
                </span>
                {topic.title}
              </h2>
              <div className="mt-5 divide-y divide-ink-100 rounded-card bg-white shadow-card ring-1 ring-ink-200/80">
                {topic.questions.map((item) => (
                  <div key={item.q} className="p-5 sm:p-6">
                    <h3 className="text-base font-semibold text-ink-950 sm:text-lg">{item.q}</h3>
                    <div className="mt-2 space-y-3 text-[0.9375rem] leading-relaxed text-ink-700 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800">
                      {item.a}
                    </div>
                  </div>
                ))}
              </div>
            </section>
          ))}
        </div>

        <section
          aria-labelledby="more-help-heading"
          className="mt-12 flex flex-col items-start gap-4 rounded-card bg-brand-50/70 p-6 ring-1 ring-brand-100 sm:mt-14 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 id="more-help-heading" className="text-lg font-bold tracking-tight text-ink-950">
              Still have a question?
            </h2>
            <p className="mt-1 text-sm text-ink-700">We answer every message within 24 hours.</p>
          </div>
          <ButtonLink to="/contact" variant="secondary">
            Contact us
          </ButtonLink>
        </section>
      </div>
    </Container>
  );
}
