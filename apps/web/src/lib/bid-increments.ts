import { DEFAULT_INCREMENT_TABLE } from '@rebound/core/increments';
import { formatCents } from '@rebound/core/money';

/**
 * The standard increment table as [range, increment] rows: 'Under $1.00', '$1.00 to $4.99', ...,
 * '$5,000.00 and up', read from the table the server bids with (the Terms and the FAQ show it).
 */
export function incrementRows(): [string, string][] {
  return DEFAULT_INCREMENT_TABLE.map((band, index) => {
    const next = DEFAULT_INCREMENT_TABLE[index + 1];
    let range: string;
    if (band.fromCents === 0 && next) range = `Under ${formatCents(next.fromCents)}`;
    else if (next) range = `${formatCents(band.fromCents)} to ${formatCents(next.fromCents - 1)}`;
    else range = `${formatCents(band.fromCents)} and up`;
    return [range, formatCents(band.incrementCents)];
  });
}
