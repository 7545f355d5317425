/** The full page of a product. */
export function productPath(slug: string): string {
  return `/product/${encodeURIComponent(slug)}`;
}
