// Store rules that more than one page states (the Refund & Return Policy and the FAQ), written once.

/** What cannot be returned (docs/product.md "Returns"). */
export const NON_RETURNABLE = [
  'Perishables, such as food and fresh flowers',
  'Personal care items, such as cosmetics, skin care and razors',
  'Custom or personalized items',
  'Hazardous materials, such as fuels, chemicals and aerosols',
  'Items marked Final Sale or As-Is on their listing',
  'Gift cards',
] as const;
