import type { CataloguePart } from '../lib/i18n';

// The parts of the catalogue a page loads with its code (apps/web/build/catalogue-parts.ts), by
// default and for a page that only reads; app/router.tsx names a page's own where it needs others.

/** A page's texts and its forms' messages. */
export const PAGE_TEXTS: readonly CataloguePart[] = ['pages', 'forms'];
/** A page with no form of the shop's fields (the menu, a product, the history, the owner's figures). */
export const READING_TEXTS: readonly CataloguePart[] = ['pages'];
