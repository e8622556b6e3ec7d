// Texts of the promos feature's admin screens and choices. They live beside them, not in
// lib/texts.ts, so that they come with the pages that show them and not with every page's first
// load (docs/architecture.md#tests-and-targets: 150 KB of gzipped JavaScript).
export const PROMO_TEXT = {
  promoRulesLegend: 'Who may use it',
  promoDeliveryLegend: 'Delivery methods',
  promoDeliveryHint: 'None ticked: valid for every delivery method.',
  promoNewCustomersOnly: 'New customers only (their first order)',
  promoMembersOnly: 'Members only (with a member card)',
} as const;
