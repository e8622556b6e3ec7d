import type { Translation } from '../catalogue.ts';
import type { server as english } from '../en/server.ts';

// Texts only the server says: error answers, shop-rule reasons, e-mails, the CSV report's header.
export const server = {} as const satisfies Translation<typeof english>;
