// The staff's screens: Manage order, the kitchen display, products, promos, tables, the dashboard.
// English is the source: the specification's texts word for word.
export const admin = {} as const;
