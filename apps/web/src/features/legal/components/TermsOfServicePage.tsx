import { TERMS_SECTIONS } from '../content/terms-sections';
import { LegalPage } from './LegalPage';

/** /terms-of-service */
export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro="The agreement between you and Rebound Marketplace Inc. when you browse, bid, buy, pick up or return on Rebound. Please read the sections on bidding, payment and pickup closely: a winning bid is a binding purchase."
      sections={TERMS_SECTIONS}
    />
  );
}
