import { DROP_LIST_RESULT_TEXT } from '@rebound/contract/drop-list-result-text';
import { CircleAlert, CircleCheck, MailCheck } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { Container } from '../../../components/ui/Container';
import { useDocumentTitle } from '../../../lib/use-document-title';

export type DropListResult = 'success' | 'already' | 'error';

const PAGE = {
  success: {
    title: DROP_LIST_RESULT_TEXT.successTitle,
    heading: DROP_LIST_RESULT_TEXT.successHeading,
    message: DROP_LIST_RESULT_TEXT.successMessage,
    Icon: MailCheck,
    tone: 'bg-brand-50 text-brand-700 ring-brand-200',
  },
  already: {
    title: DROP_LIST_RESULT_TEXT.alreadyTitle,
    heading: DROP_LIST_RESULT_TEXT.alreadyHeading,
    message: DROP_LIST_RESULT_TEXT.alreadyMessage,
    Icon: CircleCheck,
    tone: 'bg-brand-50 text-brand-700 ring-brand-200',
  },
  error: {
    title: DROP_LIST_RESULT_TEXT.errorTitle,
    heading: DROP_LIST_RESULT_TEXT.errorHeading,
    message: DROP_LIST_RESULT_TEXT.errorMessage,
    Icon: CircleAlert,
    tone: 'bg-danger-50 text-danger-700 ring-danger-200',
  },
} as const;

/**
 * Where the new-drops email's confirmation link lands (the server redirects to /drops-confirmed,
 * /drops-already-confirmed or /drops-confirm-error): what happened, in the new-drops list's words.
 */
export function DropListResultPage({ result }: { result: DropListResult }) {
  const page = PAGE[result];
  useDocumentTitle(page.title);
  const { Icon } = page;
  return (
    <Container className="py-12 sm:py-16">
      <div className="mx-auto flex max-w-lg flex-col items-center text-center">
        <span className={`flex size-14 items-center justify-center rounded-full ring-1 ${page.tone}`}>
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-extrabold tracking-tight text-ink-950 sm:text-3xl">
          {page.heading}
        </h1>
        <p className="mt-3 text-ink-700">{page.message}</p>
        <div className="mt-7 flex flex-col gap-2 sm:flex-row">
          <ButtonLink to="/shop">Shop live auctions</ButtonLink>
          <ButtonLink to="/drops" variant="secondary">
            This week's drops
          </ButtonLink>
        </div>
      </div>
    </Container>
  );
}
