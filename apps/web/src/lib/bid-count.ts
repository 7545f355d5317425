/** 'N bid(s)' as the spec writes it: '1 bid', '3 bids'. */
export function bidCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'bid' : 'bids'}`;
}
