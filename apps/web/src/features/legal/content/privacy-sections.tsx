import { Link } from 'react-router';
import { COMPANY, COMPANY_ADDRESS_LINE } from '../../../lib/company';
import { AddressBlock, ExternalLink, MailLink } from '../components/inline';
import type { LegalSection } from '../types';

// The Privacy Policy's 18 sections (Canadian law: PIPEDA, BC PIPA, CASL). Facts it states are the
// product's own (docs/product.md): hosted card checkout and a cart in local storage ("Prices, premium
// and taxes"), server-side sessions in an httpOnly cookie and code limits ("Accounts and sign-in"),
// CASL consent and one-click unsubscribe ("Notifications"), and the payment, SMS and email providers.

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are and what this policy covers',
    content: (
      <>
        <p>
          Rebound is operated by {COMPANY.legalName} ("Rebound", "we", "us"), a British Columbia company that
          sells returned and overstock goods by online auction from our warehouse at {COMPANY_ADDRESS_LINE}.
        </p>
        <p>
          This policy explains how we collect, use, share and protect your personal information when you visit
          our website, create an account, bid, buy, pick up or return an item, or contact us. It does not
          cover other sites we link to, such as our payment processor's checkout page, which have their own
          privacy policies.
        </p>
      </>
    ),
  },
  {
    id: 'laws',
    title: 'The laws we follow',
    content: (
      <>
        <p>We handle personal information in line with Canadian privacy and anti-spam law:</p>
        <ul>
          <li>
            <strong>BC PIPA</strong>: British Columbia's <em>Personal Information Protection Act</em>, which
            governs how private organizations in British Columbia collect, use and disclose personal
            information;
          </li>
          <li>
            <strong>PIPEDA</strong>: the federal{' '}
            <em>Personal Information Protection and Electronic Documents Act</em>, which applies when personal
            information crosses provincial or national borders in the course of commercial activity; and
          </li>
          <li>
            <strong>CASL</strong>: Canada's Anti-Spam Legislation, which governs the commercial electronic
            messages we send (see section 6).
          </li>
        </ul>
        <p>Where this policy and the law differ, we follow whichever gives you more protection.</p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'Information we collect',
    content: (
      <>
        <p>We collect only what we need to run auctions, complete your purchases and keep bidding fair.</p>
        <h3>Account information</h3>
        <p>
          Your name, email address, mobile phone number, bidder handle and password (stored only in hashed
          form, never as plain text); your pickup location and notification settings; and whether, and when,
          you accepted our terms and agreed to marketing messages.
        </p>
        <h3>Bids and watchlist</h3>
        <p>
          Every maximum bid you set (amount and time), the bids placed for you by proxy bidding, the auctions
          you watch, and whether you are winning or have been outbid.
        </p>
        <h3>Orders and payments</h3>
        <p>
          The items you win, their prices, buyer's premium and taxes, payment status, refunds and any
          non-payment strikes. Card payments are made on our payment processor's hosted checkout page: we
          receive confirmation that you paid, but we never see or store your full card number or security
          code.
        </p>
        <h3>Pickup and returns</h3>
        <p>
          Your pickup appointments and any notes you add, and a record that our staff checked your photo ID
          and handed over the item. We look at your ID at the counter; we do not photocopy, scan or keep it.
          For returns, we record the item, the date and the reason you give.
        </p>
        <h3>Messages with us</h3>
        <p>What you send us by email or through our contact form, and our replies.</p>
        <h3>Device and usage information</h3>
        <p>
          When you use the site, our servers log technical details such as your IP address, browser type, the
          pages and actions you request and when. If you allow browser notifications, we also keep your
          browser's push subscription. We use this to keep the site working and secure, for example to limit
          repeated sign-in attempts.
        </p>
        <p>
          We do not ask for your social insurance number or for sensitive information such as health details.
        </p>
      </>
    ),
  },
  {
    id: 'why-we-use-it',
    title: 'Why we collect and use it',
    content: (
      <>
        <p>We use personal information to:</p>
        <ul>
          <li>
            create and secure your account, and sign you in by password or by a code sent by text message;
          </li>
          <li>
            run auctions: record and rank your bids, bid for you up to your maximum, and show your bidder
            handle in bid histories;
          </li>
          <li>
            tell you when you are outbid, when you win, and when an auction you follow is ending, as your
            notification settings allow;
          </li>
          <li>
            create your orders, take payment through our payment processor, calculate the buyer's premium and
            taxes, and issue refunds;
          </li>
          <li>schedule pickups, make sure each item goes to its buyer, and handle returns;</li>
          <li>answer your questions and resolve disputes;</li>
          <li>
            keep the marketplace fair and safe by enforcing our{' '}
            <Link to="/terms-of-service">Terms of Service</Link> and detecting shill bidding, automated
            bidding, fraud and abuse;
          </li>
          <li>send news about drops and deals, only if you asked for it (section 6); and</li>
          <li>meet our legal obligations, such as keeping tax and accounting records.</li>
        </ul>
        <p>
          We will not use your information for a new purpose without telling you first and, where the law
          requires, asking for your consent. We do not sell personal information.
        </p>
      </>
    ),
  },
  {
    id: 'consent',
    title: 'Your consent',
    content: (
      <>
        <p>
          By creating an account and using Rebound, you consent to our collecting, using and disclosing your
          personal information for the purposes in this policy. Where a purpose is obvious, such as texting a
          sign-in code to the number you gave us, your consent is implied. We ask for your express consent for
          anything optional, such as marketing messages.
        </p>
        <p>
          You may withdraw your consent at any time, subject to legal or contractual limits and reasonable
          notice. Some information is essential: we cannot keep an account without an email address, or
          release an item without checking ID. Withdrawing consent to those uses means closing your account,
          and we will explain the consequences before you decide. To withdraw consent, change your settings in{' '}
          <Link to="/account">your account</Link> or write to our Privacy Officer (section 16).
        </p>
      </>
    ),
  },
  {
    id: 'messages',
    title: 'Emails, texts and notifications (CASL)',
    content: (
      <>
        <p>We send two kinds of messages:</p>
        <ul>
          <li>
            <strong>Service messages</strong> about your account and your auctions: sign-in codes, password
            resets, bid confirmations, outbid alerts, "you won" notices, payment, pickup and refund updates.
            You choose the channels (email, text message or browser notification) for most alerts in your
            notification settings. Messages needed to secure your account or complete a purchase are always
            sent, and every alert also appears in your notifications on the site.
          </li>
          <li>
            <strong>Marketing messages</strong> about new drops, early access and deals. We send these only if
            you opted in, for example by ticking the optional box when you signed up or by confirming your
            email address for our launch list. That box is never ticked for you.
          </li>
        </ul>
        <p>
          Every marketing email identifies {COMPANY.legalName}, gives our mailing address and has a one-click
          unsubscribe link. You can also turn marketing off in your notification settings or email{' '}
          <MailLink address={COMPANY.privacyEmail} />. We act on an unsubscribe right away, and always within
          the 10 business days CASL allows. Unsubscribing from marketing does not stop service messages about
          auctions you are in or items you have bought.
        </p>
      </>
    ),
  },
  {
    id: 'public-information',
    title: 'What other shoppers can see',
    content: (
      <>
        <p>
          Your <strong>bidder handle</strong> is public. It appears in the bid history of every auction you
          bid on, and as the winner's handle when you win. Your name, email address and phone number are never
          shown to other shoppers.
        </p>
        <p>
          Your maximum bid stays private. If another bidder outbids it, the bid history shows the amount at
          which you were outbid. If you would rather not be recognized, choose a handle that does not identify
          you, and never use your email address or phone number as a handle.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share information with',
    content: (
      <>
        <p>We share personal information only as described here, and only what each recipient needs:</p>
        <ul>
          <li>
            <strong>Our payment processor</strong> (Stripe) runs the hosted checkout page where you pay by
            card, and receives the order amount, your email address and the card details you enter on its
            page.
          </li>
          <li>
            <strong>Our text-message and email providers</strong> deliver sign-in codes, alerts and, if you
            opted in, marketing emails. They receive your phone number or email address and the message.
          </li>
          <li>
            <strong>Hosting and storage providers</strong> run the servers, database and file storage the site
            uses.
          </li>
          <li>
            <strong>Professional advisers</strong>, such as our lawyers, accountants and insurers, when they
            need it to advise us.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it (for example a court order or warrant), or
            to prevent fraud or protect someone's safety, as BC PIPA and PIPEDA permit.
          </li>
          <li>
            <strong>A buyer of our business</strong>, if Rebound is sold or merged, limited to what is needed
            to carry on the business and under an agreement to protect it as this policy does.
          </li>
        </ul>
        <p>
          Our service providers act for us under contracts that limit their use of your information to the
          service they provide and require them to protect it. We do not sell, rent or trade personal
          information, and we do not share it with advertisers.
        </p>
      </>
    ),
  },
  {
    id: 'cross-border',
    title: 'Processing outside Canada',
    content: (
      <p>
        Some of our service providers, including our payment processor and our text-message provider, store or
        process information in the United States or other countries. While it is there, it is protected by our
        contracts with them, but it is subject to the laws of those countries, and their courts, law
        enforcement and national security authorities may be able to access it. You can ask our Privacy
        Officer about how we choose and oversee service providers outside Canada (section 16).
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    content: (
      <>
        <p>
          We store only what the site needs to work in your browser. We do not use advertising cookies or
          cross-site trackers.
        </p>
        <ul>
          <li>
            <strong>Session cookie.</strong> When you sign in, we set a secure cookie that keeps you signed
            in. Scripts on the page cannot read it. It expires 30 days after you last use the site, and
            signing out ends all of your sessions.
          </li>
          <li>
            <strong>Cart (local storage).</strong> Your cart is kept in your browser's local storage under the
            name <code className="rounded bg-ink-100 px-1 py-0.5 text-[0.875em]">auction-cart</code>. It holds
            only the reference numbers of the orders you added, not prices or card details, and stays on your
            device until you check out or remove the items.
          </li>
          <li>
            <strong>Device cookie.</strong> When you sign in, we set a cookie holding a random number that
            names your browser, so that we can tell when several accounts are used from one device (a sign of
            shill bidding). Scripts on the page cannot read it and it is never sent to anyone else. We keep
            only a scrambled form of it (a keyed hash), with a scrambled form of the network address you
            signed in from, for 90 days, and use them for nothing but keeping bidding fair. In the same way we
            keep, for 90 days, a scrambled form of the token our payment provider gives each card you pay with
            (never the card's number), to tell when several accounts pay with one card.
          </li>
          <li>
            <strong>One-time messages (session storage).</strong> After some sign-in steps, a short
            confirmation message is carried to the next page and deleted as soon as it is shown.
          </li>
        </ul>
        <p>
          If you block cookies, you can still browse auctions, but you cannot sign in or bid. Clearing your
          browser's site data empties your cart on that device; your orders stay in your account.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep information',
    content: (
      <>
        <ul>
          <li>
            <strong>Account information:</strong> while your account is open. When you ask us to close it, we
            delete or anonymize it within 90 days, except the records below.
          </li>
          <li>
            <strong>Orders, payments and refunds:</strong> six years after the end of the tax year they relate
            to, as Canadian tax law requires. Pickup and return records are kept with their order.
          </li>
          <li>
            <strong>Bids:</strong> two years after the auction ends, so that we can answer questions and
            investigate disputes or shill bidding. A winning bid is kept with its order.
          </li>
          <li>
            <strong>Fair-bidding records:</strong> the scrambled device and network address of each sign-in,
            90 days from when they were last seen.
          </li>
          <li>
            <strong>Messages to our support team:</strong> two years after the conversation ends.
          </li>
          <li>
            <strong>Server logs:</strong> up to 90 days, unless we need them to investigate a security
            incident.
          </li>
          <li>
            <strong>Marketing consent and unsubscribe records:</strong> three years after you withdraw your
            consent, so that we can show we respected it.
          </li>
        </ul>
        <p>
          If we use your information to make a decision about you, such as a non-payment strike or a
          suspension, we keep it for at least one year after the decision so that you can ask to see it. When
          we no longer need information, we securely delete it or make it anonymous.
        </p>
      </>
    ),
  },
  {
    id: 'safeguards',
    title: 'How we protect information',
    content: (
      <>
        <p>We protect personal information with safeguards suited to its sensitivity, including:</p>
        <ul>
          <li>encryption in transit (HTTPS) for every page and request;</li>
          <li>passwords stored only as salted one-way hashes;</li>
          <li>sign-in sessions kept on our servers and tied to a cookie that page scripts cannot read;</li>
          <li>
            one-time codes that expire quickly, with limits on attempts and on how often codes are sent, and
            rate limits on sign-in and sign-up;
          </li>
          <li>access to personal information only for staff who need it for their work; and</li>
          <li>
            card details handled only by our payment processor, which is certified to the PCI DSS standard.
          </li>
        </ul>
        <p>
          No system is perfectly secure. Use a strong password that you do not use elsewhere, and keep your
          sign-in codes to yourself. We will never ask for your password or a code by phone or email.
        </p>
      </>
    ),
  },
  {
    id: 'access-and-correction',
    title: 'Accessing and correcting your information',
    content: (
      <>
        <p>
          You can review and update your phone number, pickup location and notification settings in{' '}
          <Link to="/account">your account</Link> at any time.
        </p>
        <p>
          You also have the right to ask for a copy of the personal information we hold about you, how we have
          used it and to whom we have disclosed it, and to ask us to correct it. Send your request to our
          Privacy Officer (section 16). We will confirm your identity and answer within 30 days, or tell you
          if we need the extra time the law allows. Requests are free; if a request would involve an unusual
          cost, we will give you an estimate first.
        </p>
        <p>
          If you show that information is inaccurate or incomplete, we will correct it and, where it makes a
          difference, tell the organizations we shared it with. If we cannot give you access to some
          information (for example, because it would reveal someone else's personal information), we will
          explain why and how you can complain.
        </p>
        <p>
          You can also ask us to close your account and delete your information, apart from the records we
          must keep (section 11).
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: "Children's privacy",
    content: (
      <p>
        Rebound is not intended for children under 13, and we do not knowingly collect personal information
        from them. To bid or buy you must have reached the age of majority in your province or territory (see
        our <Link to="/terms-of-service">Terms of Service</Link>). If you believe a child has given us
        personal information, contact our Privacy Officer and we will delete it.
      </p>
    ),
  },
  {
    id: 'breaches',
    title: 'Privacy breaches',
    content: (
      <>
        <p>
          If a breach of our security safeguards involving your personal information creates a real risk of
          significant harm to you, we will report it to the Office of the Privacy Commissioner of Canada and
          notify you directly as soon as feasible, as PIPEDA requires. We will tell you what happened, what
          information was involved, what we have done to reduce the harm and what you can do to protect
          yourself. Where it can help reduce the harm, we will also notify other organizations, such as your
          bank, and we will inform the Office of the Information and Privacy Commissioner for British
          Columbia.
        </p>
        <p>We keep a record of every breach of security safeguards for at least 24 months.</p>
      </>
    ),
  },
  {
    id: 'privacy-officer',
    title: 'Contacting our Privacy Officer',
    content: (
      <>
        <p>
          Our Privacy Officer is responsible for how we handle personal information and for this policy. For
          questions, requests or concerns, contact:
        </p>
        <AddressBlock
          lines={[
            'Privacy Officer',
            COMPANY.legalName,
            COMPANY.street,
            `${COMPANY.city}, ${COMPANY.province} ${COMPANY.postalCode}`,
            COMPANY.country,
          ]}
        />
        <p>
          Email: <MailLink address={COMPANY.privacyEmail} />. We acknowledge every message within 24 hours and
          answer access and correction requests within 30 days.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We may update this policy when our service or the law changes; the date at the top shows the latest
        version. Before a significant change takes effect, such as using your information for a new purpose,
        we will tell you by email or with a notice on the site, and ask for your consent where the law
        requires it.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints to a privacy commissioner',
    content: (
      <>
        <p>
          Please contact our Privacy Officer first: most concerns can be resolved quickly. If you are not
          satisfied with our answer, you can complain to:
        </p>
        <ul>
          <li>
            the{' '}
            <ExternalLink href="https://www.oipc.bc.ca">
              Office of the Information and Privacy Commissioner for British Columbia
            </ExternalLink>{' '}
            (OIPC BC), for matters under BC PIPA; or
          </li>
          <li>
            the{' '}
            <ExternalLink href="https://www.priv.gc.ca">
              Office of the Privacy Commissioner of Canada
            </ExternalLink>{' '}
            (OPC), for matters under PIPEDA.
          </li>
        </ul>
      </>
    ),
  },
];
