// The staff screens' texts until they read them from the catalogue (packages/shared/src/i18n); every
// other screen's texts are there already, in English and Indonesian.

export const TEXT = {
  networkError: 'The shop cannot be reached. Check your connection and try again.',
  dashboardEmpty: (when: string) => `No orders ${when} yet. The figures fill in as soon as customers order.`,
  asSoonAsPossible: 'As soon as possible',
  soldOut: 'Sold out',
} as const;
