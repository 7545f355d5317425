import { formatCents } from '@rebound/core/money';
import { shopDateTimeLabel } from '@rebound/core/scheduling';
import { PAYMENT_WINDOW_HOURS } from '@rebound/core/windows';
import { CircleCheck, Clock, ImageOff } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Container } from '../../../components/ui/Container';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAnswerOffer, useOffer } from '../api';

const CLOSED: Record<string, string> = {
  declined: 'You declined this offer. Nothing is owed.',
  expired: 'This offer expired. Nothing is owed.',
  withdrawn: 'This offer was withdrawn. Nothing is owed.',
};

/** /offers/:id: a second-chance offer to the signed-in shopper, with Accept and Decline. */
export default function OfferPage() {
  const { id = '' } = useParams();
  const offer = useOffer(id);
  const answer = useAnswerOffer(id);
  useDocumentTitle(offer.data ? `Second chance: ${offer.data.product.title}` : 'Second-chance offer');

  if (offer.isError) {
    return (
      <Container className="py-10">
        <ErrorState
          title="We could not find this offer"
          message={errorMessageOf(offer.error)}
          onRetry={() => void offer.refetch()}
        />
      </Container>
    );
  }
  if (offer.isPending) {
    return (
      <Container className="py-10" aria-busy="true">
        <p role="status" className="sr-only">
          Loading...
        </p>
        <Skeleton className="h-9 w-72" />
        <Skeleton className="mt-4 h-48 w-full max-w-xl" />
      </Container>
    );
  }
  const o = offer.data;
  const expired = o.status === 'open' && Date.parse(o.expiresAt) <= Date.now();
  const respond = (what: 'accept' | 'decline') =>
    answer.mutate(what, {
      onSuccess: (next) => {
        toast.succeeded('offer');
        toast.success(next.status === 'accepted' ? 'Accepted: the item is in your orders' : 'Offer declined');
      },
      onError: (err) => toast.failed('offer', errorMessageOf(err)),
    });

  return (
    <Container className="py-6 sm:py-10">
      <div className="mx-auto max-w-xl">
        <p className="text-sm font-semibold text-brand-700">Second-chance offer</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">{o.product.title}</h1>
        <div className="mt-6 overflow-hidden rounded-card bg-white ring-1 ring-ink-200">
          <div className="flex gap-4 p-5">
            {o.product.imageUrl ? (
              <img
                src={o.product.imageUrl}
                alt=""
                width={96}
                height={96}
                className="size-24 shrink-0 rounded-xl object-cover ring-1 ring-ink-200"
              />
            ) : (
              <span className="flex size-24 shrink-0 items-center justify-center rounded-xl bg-ink-100 text-ink-500">
                <ImageOff className="size-6" aria-hidden="true" />
              </span>
            )}
            <div className="min-w-0">
              <p className="text-sm text-ink-700">
                The winner did not pay, so it is offered to you at your maximum bid:
              </p>
              <p className="mt-1 text-3xl font-bold tabular-nums text-ink-950">
                {formatCents(o.amountCents)}
              </p>
              <p className="mt-1 text-sm text-ink-700">
                Pickup at {o.location}.{' '}
                <Link to={`/product/${o.product.slug}`} className="text-brand-700 hover:underline">
                  See the item
                </Link>
              </p>
            </div>
          </div>
          <div className="border-t border-ink-100 bg-ink-50 p-5">
            {o.status === 'accepted' ? (
              <div className="flex flex-col gap-3">
                <p className="flex items-start gap-2 font-semibold text-ink-950">
                  <CircleCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  Accepted. Pay within {PAYMENT_WINDOW_HOURS} hours from your orders, then book a pickup.
                </p>
                <ButtonLink to="/account?tab=orders" className="self-start">
                  Go to my orders
                </ButtonLink>
              </div>
            ) : o.status === 'open' && !expired ? (
              <div className="flex flex-col gap-3">
                <p className="flex items-center gap-2 text-sm text-ink-800">
                  <Clock className="size-4 shrink-0" aria-hidden="true" />
                  Open until {shopDateTimeLabel(new Date(o.expiresAt))}
                </p>
                <p className="text-sm text-ink-700">
                  Accepting adds it to your orders at this price (plus the buyer's premium and taxes at
                  checkout).
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    loading={answer.isPending && answer.variables === 'accept'}
                    onClick={() => respond('accept')}
                  >
                    Accept for {formatCents(o.amountCents)}
                  </Button>
                  <Button
                    variant="secondary"
                    loading={answer.isPending && answer.variables === 'decline'}
                    onClick={() => respond('decline')}
                  >
                    No, thanks
                  </Button>
                </div>
              </div>
            ) : (
              <p className="text-sm text-ink-800">{expired ? CLOSED.expired : (CLOSED[o.status] ?? '')}</p>
            )}
          </div>
        </div>
      </div>
    </Container>
  );
}
