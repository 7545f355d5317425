/** 'N bid(s)', as people read it: '1 bid', '3 bids'. */
export function bidCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'bid' : 'bids'}`;
}
