import { ORDER_TEXT, type VerifyPaymentResponse } from '@rebound/contract/orders';
import { formatCents } from '@rebound/core/money';
import { PICKUP_WINDOW_DAYS } from '@rebound/core/windows';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CircleCheck, IdCard, LoaderCircle, ReceiptText, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button';
import { Container } from '../../../components/ui/Container';
import { forgetCartIds } from '../../../lib/cart';
import { COMPANY } from '../../../lib/company';
import { USER_SCOPE } from '../../../lib/query-scope';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { verifyPayment } from '../api';

/** Sessions already announced on this page load (a re-render or StrictMode must not toast twice). */
const announced = new Set<string>();

const isPaid = (v: VerifyPaymentResponse) => v.success && v.paymentStatus === 'paid';

type FeeLine = NonNullable<VerifyPaymentResponse['storageFees']>[number];

/** A storage-fee payment's lines (it paid no order); none for an order payment. */
const feesOf = (v: VerifyPaymentResponse): FeeLine[] =>
  v.orderIds.length === 0 ? (v.storageFees ?? []) : [];

/**
 * /checkout/success?session_id=...: where the hosted checkout returns. The server checks the payment
 * with the provider (the same sync the webhook runs); paid: the orders leave the cart and the account
 * lists refresh. Without a session id it is an error at once.
 */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  const queryClient = useQueryClient();

  const verify = useQuery({
    queryKey: [USER_SCOPE, 'checkout-verify', sessionId],
    queryFn: () => verifyPayment(sessionId),
    enabled: sessionId !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
    refetchOnWindowFocus: false,
  });

  const paid = verify.data !== undefined && isPaid(verify.data);
  useDocumentTitle(
    sessionId === '' || verify.isError || (verify.data && !paid)
      ? 'Payment Error'
      : paid
        ? 'Payment Successful'
        : 'Verifying Payment',
  );

  useEffect(() => {
    const data = verify.data;
    if (!data || !isPaid(data) || announced.has(sessionId)) return;
    announced.add(sessionId);
    forgetCartIds(data.orderIds);
    toast.success(feesOf(data).length > 0 ? data.message : ORDER_TEXT.paymentSuccess);
    // Orders, counts and anything else of the shopper's now out of date.
    void queryClient.invalidateQueries({
      queryKey: [USER_SCOPE],
      predicate: (q) => q.queryKey[1] !== 'checkout-verify',
    });
  }, [verify.data, sessionId, queryClient]);

  if (sessionId === '') return <PaymentError message={ORDER_TEXT.notPaid} />;
  if (verify.isPending) return <Verifying />;
  if (verify.isError) return <PaymentError message={ORDER_TEXT.verifyFailed} />;
  if (!paid) return <PaymentError message={ORDER_TEXT.notPaid} />;
  const fees = feesOf(verify.data);
  const tax = verify.data.taxRegistration;
  if (fees.length > 0) return <StorageFeePaid amountCents={verify.data.amountCents} fees={fees} tax={tax} />;
  return (
    <PaymentSuccess amountCents={verify.data.amountCents} count={verify.data.orderIds.length} tax={tax} />
  );
}

type TaxNumbers = VerifyPaymentResponse['taxRegistration'];

/** The seller and its GST/HST and PST registration numbers, as a Canadian receipt names them. */
function SellerTaxNumbers({ tax }: { tax: TaxNumbers }) {
  return (
    <p className="mt-6 text-xs text-ink-600" data-testid="receipt-tax-numbers">
      {COMPANY.legalName} · GST/HST registration no. {tax.gstNumber} · PST registration no. {tax.pstNumber}
    </p>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <Container className="flex justify-center py-12 sm:py-20">
      <div className="w-full max-w-lg rounded-card bg-white p-6 text-center shadow-card ring-1 ring-ink-200/80 sm:p-10">
        {children}
      </div>
    </Container>
  );
}

function Verifying() {
  return (
    <Shell>
      <div role="status" aria-live="polite" className="flex flex-col items-center">
        <LoaderCircle className="size-12 animate-spin text-brand-700" aria-hidden="true" />
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink-950">Verifying Payment...</h1>
        <p className="mt-2 text-sm text-ink-600">This takes a moment. Please keep this page open.</p>
      </div>
    </Shell>
  );
}

function PaymentSuccess({
  amountCents,
  count,
  tax,
}: {
  amountCents: number;
  count: number;
  tax: TaxNumbers;
}) {
  return (
    <Shell>
      <PaidHeading title="Payment Successful!" amountCents={amountCents}>
        {count === 1 ? 'Your order is' : `Your ${count} orders are`} paid and confirmed.
      </PaidHeading>
      <div className="mt-7 text-left">
        <h2 className="text-sm font-semibold tracking-wide text-ink-800 uppercase">What's next</h2>
        <ul className="mt-3 flex flex-col gap-3 text-sm text-ink-800">
          <Step icon={<CalendarClock aria-hidden="true" />}>
            Book a pickup time in My Orders: pickups are within {PICKUP_WINDOW_DAYS} days of the auction's
            end.
          </Step>
          <Step icon={<IdCard aria-hidden="true" />}>
            Bring government-issued photo ID and your order number to the warehouse.
          </Step>
          <Step icon={<ReceiptText aria-hidden="true" />}>Your receipt is in your notifications.</Step>
        </ul>
      </div>
      <div className="mt-8 flex flex-col gap-2 sm:flex-row">
        <ButtonLink to="/account?tab=orders" size="lg" className="flex-1">
          View My Orders
        </ButtonLink>
        <ButtonLink to="/" variant="secondary" size="lg" className="flex-1">
          Continue Shopping
        </ButtonLink>
      </div>
      <SellerTaxNumbers tax={tax} />
    </Shell>
  );
}

/**
 * The receipt of a storage-fee payment (docs/decisions/059-storage-fees-and-ledger.md): what was paid
 * and for which items, and back to the pickup page it was paid from; no order was paid, nothing to book.
 */
function StorageFeePaid({
  amountCents,
  fees,
  tax,
}: {
  amountCents: number;
  fees: FeeLine[];
  tax: TaxNumbers;
}) {
  const back = fees.length === 1 ? `/pickup-schedule/${fees[0]!.orderId}` : '/account?tab=appointments';
  return (
    <Shell>
      <PaidHeading title="Storage fee paid" amountCents={amountCents}>
        Nothing more is owed for storage until your pickup. Your receipt is in your notifications.
      </PaidHeading>
      <ul className="mt-7 flex flex-col gap-2 text-left text-sm text-ink-800" aria-label="What you paid for">
        {fees.map((f) => (
          <li key={f.orderId} className="flex justify-between gap-4" data-testid="paid-fee">
            <span>{f.title}</span>
            <span className="font-semibold tabular-nums">{formatCents(f.amountCents)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col gap-2 sm:flex-row">
        <ButtonLink to={back} size="lg" className="flex-1">
          {fees.length === 1 ? 'Back to your pickup' : 'See your pickups'}
        </ButtonLink>
      </div>
      <SellerTaxNumbers tax={tax} />
    </Shell>
  );
}

/** The top of a paid receipt, for orders and storage fees alike: a tick, the title, a line, the total. */
function PaidHeading({
  title,
  amountCents,
  children,
}: {
  title: string;
  amountCents: number;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <CircleCheck className="size-9" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-ink-700">{children}</p>
      <p className="mt-5 rounded-xl bg-ink-50 px-5 py-3 ring-1 ring-ink-200/80">
        <span className="block text-xs font-medium text-ink-600">Total paid</span>
        <span className="text-2xl font-bold tabular-nums text-ink-950" data-testid="paid-total">
          {formatCents(amountCents)}
        </span>
      </p>
    </div>
  );
}

function Step({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 [&_svg]:size-3.5">
        {icon}
      </span>
      <span>{children}</span>
    </li>
  );
}

function PaymentError({ message }: { message: string }) {
  return (
    <Shell>
      <div role="alert" className="flex flex-col items-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-danger-50 text-danger-700 ring-1 ring-danger-200">
          <TriangleAlert className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Payment Error</h1>
        <p className="mt-2 text-ink-700">{message}</p>
      </div>
      <div className="mt-8 flex flex-col gap-2 sm:flex-row">
        <ButtonLink to="/cart" size="lg" className="flex-1">
          Back to Cart
        </ButtonLink>
        <ButtonLink to="/account" variant="secondary" size="lg" className="flex-1">
          Contact Support
        </ButtonLink>
      </div>
    </Shell>
  );
}
