import { PRIVACY_SECTIONS } from '../content/privacy-sections';
import { LegalPage } from './LegalPage';

/** /privacy-policy */
export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="How Rebound collects, uses, shares and protects your personal information, and the choices and rights you have under Canadian privacy law."
      sections={PRIVACY_SECTIONS}
    />
  );
}
