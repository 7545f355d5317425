// Every endpoint's path, once. The server registers these; the web app calls them.
export const API = {
  home: '/api/home',
  categories: '/api/categories',
  locations: '/api/locations',
  shop: '/api/shop',
  product: (slug: string) => `/api/products/${encodeURIComponent(slug)}`,
  productPattern: '/api/products/:slug',
  time: '/api/time',
  testClock: '/api/test/clock',
} as const;
