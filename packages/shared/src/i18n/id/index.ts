import { admin } from './admin.ts';
import { common } from './common.ts';
import { customer } from './customer.ts';
import { offline } from './offline.ts';
import { server } from './server.ts';

/** Every text of the shop in id; the server uses all of it, the screens common, customer and admin. */
export const messages = { ...common, ...server, ...customer, ...admin, ...offline };
