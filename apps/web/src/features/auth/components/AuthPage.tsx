import type { AuthUser } from '@rebound/contract/auth';
import { RETURN_WINDOW_DAYS } from '@rebound/core/windows';
import { BadgeCheck, KeyRound, MapPin, MessageSquareText, RotateCcw, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Container } from '../../../components/ui/Container';
import { LogoMark } from '../../../components/ui/Logo';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/Tabs';
import { TAGLINE } from '../../../lib/site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PhoneSignIn } from './PhoneSignIn';
import { SignInForm } from './SignInForm';
import { SignUpFlow } from './SignUpFlow';

export const AUTH_TABS = ['sign-in', 'sign-up', 'phone'] as const;
export type AuthTab = (typeof AUTH_TABS)[number];

const TITLES: Record<AuthTab, string> = {
  'sign-in': 'Sign In',
  'sign-up': 'Sign Up',
  phone: 'Sign in by phone',
};

function tabFrom(value: string | null): AuthTab {
  return (AUTH_TABS as readonly string[]).includes(value ?? '') ? (value as AuthTab) : 'sign-in';
}

type AuthPageProps = {
  /** Called after an email + password sign-in, with the user the server signed in. */
  onSignedIn: (user: AuthUser) => void;
};

/** /auth: Sign In, Sign Up and Phone tabs beside the brand panel. The tab is kept in `?tab=`. */
export default function AuthPage({ onSignedIn }: AuthPageProps) {
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  // An email typed on one tab follows the shopper to the other (e.g. 'Account exists' -> Sign In).
  const [signInEmail, setSignInEmail] = useState('');
  useDocumentTitle(TITLES[tab]);

  function selectTab(next: string) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'sign-in') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  }

  function goToSignIn(email: string) {
    setSignInEmail(email);
    selectTab('sign-in');
  }

  return (
    <Container className="py-6 sm:py-10 lg:py-14">
      <div className="mx-auto grid max-w-5xl grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)] lg:gap-10">
        <BrandPanel />

        <div className="rounded-[1.5rem] bg-white p-5 shadow-card ring-1 ring-ink-200/80 sm:p-8">
          <Tabs value={tab} onValueChange={selectTab}>
            <TabsList aria-label="How to sign in">
              <TabsTrigger value="sign-in">Sign In</TabsTrigger>
              <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
              <TabsTrigger value="phone">Phone</TabsTrigger>
            </TabsList>

            <TabsContent value="sign-in" className="mt-7">
              <SignInForm key={signInEmail} defaultEmail={signInEmail} onSignedIn={onSignedIn} />
              <Divider />
              <Button variant="secondary" size="lg" block onClick={() => selectTab('phone')}>
                <MessageSquareText aria-hidden="true" />
                Sign in with a texted code
              </Button>
              <SwitchLine
                question="New to Rebound?"
                action="Create an account"
                onClick={() => selectTab('sign-up')}
              />
            </TabsContent>
            <TabsContent value="sign-up" className="mt-7">
              <SignUpFlow onGoToSignIn={goToSignIn} />
              <SwitchLine
                question="Already have an account?"
                action="Sign in"
                onClick={() => selectTab('sign-in')}
              />
            </TabsContent>
            <TabsContent value="phone" className="mt-7">
              <PhoneSignIn />
              <SwitchLine
                question="No phone on your account?"
                action="Sign in with email"
                onClick={() => selectTab('sign-in')}
              />
            </TabsContent>
          </Tabs>
        </div>
      </div>
    </Container>
  );
}

function Divider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-semibold tracking-widest text-ink-500 uppercase">
      <span className="h-px flex-1 bg-ink-200" />
      or
      <span className="h-px flex-1 bg-ink-200" />
    </div>
  );
}

function SwitchLine({
  question,
  action,
  onClick,
}: {
  question: string;
  action: string;
  onClick: () => void;
}) {
  return (
    <p className="mt-6 text-center text-sm text-ink-600">
      {question}{' '}
      <button
        type="button"
        onClick={onClick}
        className="rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline"
      >
        {action}
      </button>
    </p>
  );
}

const PROMISES = [
  { icon: BadgeCheck, text: 'Inspected, graded returns and overstock from major retailers' },
  { icon: MapPin, text: 'Local pickup at our warehouse in British Columbia' },
  { icon: RotateCcw, text: `${RETURN_WINDOW_DAYS}-day free returns after pickup` },
] as const;

/** The brand line: a compact banner on phones, a full panel beside the form on large screens. */
function BrandPanel() {
  return (
    <section
      aria-labelledby="auth-brand"
      className="relative isolate overflow-hidden rounded-[1.5rem] bg-brand-950 px-5 py-5 text-white sm:px-8 sm:py-8 lg:sticky lg:top-24 lg:px-10 lg:py-12"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_24rem_at_90%_-10%,var(--color-brand-600),transparent_60%),radial-gradient(30rem_20rem_at_-10%_110%,var(--color-brand-800),transparent_65%)]"
      />
      <div className="flex items-center gap-4 lg:block">
        <LogoMark className="size-11 rounded-xl ring-1 ring-white/20 lg:size-14" />
        <div className="lg:mt-8">
          <p className="text-xs font-semibold tracking-widest text-white uppercase">Rebound</p>
          <h1
            id="auth-brand"
            className="mt-0.5 text-2xl leading-tight font-extrabold tracking-tight text-balance sm:text-3xl lg:mt-2 lg:text-5xl"
          >
            {TAGLINE}
          </h1>
        </div>
      </div>
      <p className="mt-4 hidden max-w-md text-base leading-relaxed text-brand-100 sm:block lg:mt-6 lg:text-lg">
        Bid on quality returns for a fraction of the retail price. One account for bidding, watching and
        scheduling your pickup.
      </p>
      <ul className="mt-10 hidden flex-col gap-4 lg:flex">
        {PROMISES.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3 text-sm text-brand-50">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <span className="pt-1.5">{text}</span>
          </li>
        ))}
      </ul>
      <ul className="mt-10 hidden gap-2 text-xs text-brand-200 lg:flex">
        <li className="inline-flex items-center gap-1.5">
          <KeyRound className="size-3.5" aria-hidden="true" /> Email and password
        </li>
        <li aria-hidden="true">·</li>
        <li className="inline-flex items-center gap-1.5">
          <MessageSquareText className="size-3.5" aria-hidden="true" /> Or a texted code
        </li>
        <li aria-hidden="true">·</li>
        <li className="inline-flex items-center gap-1.5">
          <UserPlus className="size-3.5" aria-hidden="true" /> Free to join
        </li>
      </ul>
    </section>
  );
}
