import { ArrowRight, Hourglass } from 'lucide-react';
import { ButtonLink } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { RequireSignIn } from '../../features/session/components/RequireSignIn';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * /notifications: its page arrives with a later issue, but it is
 * signed-in only already, so a signed-out visitor goes to /auth as the spec says.
 */
export function SignedInOnlyRoute({ title }: { title: string }) {
  return (
    <RequireSignIn>
      <Placeholder title={title} />
    </RequireSignIn>
  );
}

function Placeholder({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Container className="flex flex-col items-center py-20 text-center sm:py-28">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Hourglass className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink-950">{title}</h1>
      <p className="mt-3 max-w-md text-ink-700">This page is on its way. Your account has everything else.</p>
      <ButtonLink to="/account" size="lg" className="mt-8">
        Go to My Account
        <ArrowRight aria-hidden="true" />
      </ButtonLink>
    </Container>
  );
}
