import type { Translation } from '../catalogue.ts';
import type { admin as english } from '../en/admin.ts';

// The staff's screens: Manage order, the kitchen display, products, promos, tables, the dashboard.
export const admin = {} as const satisfies Translation<typeof english>;
