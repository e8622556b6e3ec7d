import { admin } from './admin.ts';
import { common } from './common.ts';
import { customer } from './customer.ts';
import { offline } from './offline.ts';

/** The texts the screens show in id: the server's own stay on the server. */
export const messages = { ...common, ...customer, ...admin, ...offline };
