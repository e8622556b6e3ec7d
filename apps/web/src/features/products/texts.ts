// Texts of the products feature's admin screens and choices. They live beside them, not in
// lib/texts.ts, so that they come with the pages that show them and not with every page's first
// load (docs/architecture.md#tests-and-targets: 150 KB of gzipped JavaScript).
export const PRODUCT_TEXT = {
  soldOutHint: 'Customers see it on the menu but cannot order it.',
  deleteProductConfirm: (name: string) => `Delete ${name}? It leaves the menu; orders that had it keep it.`,
  productDeleted: 'Product deleted: it is off the menu.',
} as const;
