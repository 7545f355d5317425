import { formatCents } from '@rebound/core/money';
import { checkoutLineLabels, rateLabel, type TaxConfig } from '@rebound/core/pricing';
import { Skeleton } from '../../../components/ui/Skeleton';
import { usePickupLocations } from '../api';
import { EXAMPLE_BID_CENTS, namesList, type RateGroup, rateGroups } from '../rates';
import { PolicyTable } from './inline';

// The Terms' "Buyer's premium and taxes": the rates of the pickup locations as the server keeps them
// (GET /api/locations), priced by core (packages/core/src/pricing.ts), never figures typed into the page.

const taxBase = (tax: TaxConfig) =>
  tax.applyTaxesOnPremium ? 'the winning bid plus the premium' : 'the winning bid (the premium is not taxed)';

const HOW_SUMMED =
  'Each item is priced on its own: its premium and each tax are calculated on it and rounded to the nearest cent. When you pay for several items at once, you pay the sum of their totals, exactly the figures each item showed you. Your cart shows every line before you pay. If tax rates change by law, we charge the rates in force when you pay.';

function Example({ group, named }: { group: RateGroup; named: boolean }) {
  const labels = checkoutLineLabels(group.tax);
  const where = named && group.locations.length > 0 ? ` at ${namesList(group.locations)}` : '';
  return (
    <PolicyTable
      caption={`Example: the total for a winning bid of ${formatCents(EXAMPLE_BID_CENTS)}${where}`}
      head={['Example', 'Amount']}
      rows={[
        ['Winning bid', formatCents(group.example.subtotalCents)],
        [labels.premium, formatCents(group.example.premiumCents)],
        [labels.pst, formatCents(group.example.pstCents)],
        [labels.gst, formatCents(group.example.gstCents)],
      ]}
      footer={['Total (CAD)', formatCents(group.example.totalCents)]}
    />
  );
}

export function PremiumAndTaxes() {
  const locations = usePickupLocations();
  if (locations.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Loading the rates of our pickup locations…</span>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="mt-4 h-48 w-full rounded-xl" />
      </div>
    );
  }
  if (locations.isError) {
    return (
      <p>
        A buyer's premium and the taxes of the location you pick an item up from (PST and GST) are added to
        every purchase; we could not load the rates just now, so please reload the page to see them.{' '}
        {HOW_SUMMED}
      </p>
    );
  }
  const groups = rateGroups(locations.data.locations);
  const [only] = groups;
  if (groups.length === 1 && only) {
    return (
      <>
        <p>
          A buyer's premium of {rateLabel(only.tax.buyersPremiumBp)} of the winning bid is added to every
          purchase. PST ({rateLabel(only.tax.pstBp)}) and GST ({rateLabel(only.tax.gstBp)}) are charged on{' '}
          {taxBase(only.tax)}. {HOW_SUMMED}
        </p>
        <Example group={only} named={false} />
      </>
    );
  }
  return (
    <>
      <p>The buyer's premium and the taxes are those of the location you pick the item up from:</p>
      <ul>
        {groups.map((g) => (
          <li key={g.locations.join('|')}>
            At {namesList(g.locations)}: a buyer's premium of {rateLabel(g.tax.buyersPremiumBp)} of the
            winning bid, with PST ({rateLabel(g.tax.pstBp)}) and GST ({rateLabel(g.tax.gstBp)}) on{' '}
            {taxBase(g.tax)}.
          </li>
        ))}
      </ul>
      <p>{HOW_SUMMED}</p>
      {groups.map((g) => (
        <Example key={g.locations.join('|')} group={g} named />
      ))}
    </>
  );
}
