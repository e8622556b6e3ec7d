// Texts of the products feature's admin screens and choices. They live beside them, not in
// lib/texts.ts, so that they come with the pages that show them and not with every page's first
// load (docs/architecture.md#tests-and-targets: 150 KB of gzipped JavaScript).
export const PRODUCT_TEXT = {
  soldOutHint: 'Customers see it on the menu but cannot order it.',
  deleteProductConfirm: (name: string) => `Delete ${name}? It leaves the menu; orders that had it keep it.`,
  productDeleted: 'Product deleted: it is off the menu.',
  markedSoldOut: 'marked sold out',
  backOnSale: 'back on sale',
  makeItYours: 'Make it yours',
  addonsHint: 'Add up to 3 add-ons, 1 to 3 of each.',
  addonsFull: 'That is 3 add-ons, the most a drink takes: remove one to choose another.',
} as const;
