import { type CreateStaffInput, CreateStaffSchema, PinSchema } from '@kopi/shared';
import { z } from 'zod';
import { schemaResolver, translateIssue } from '../../../lib/schema-resolver';
import type { AddMemberValues } from './add-member-values';

// The staff page's schemas, in a module of their own: fetched (and zod with them) on the first check,
// not with the page (docs/architecture.md#tests-and-targets).

export const addMemberResolver = schemaResolver<AddMemberValues, CreateStaffInput>(CreateStaffSchema);

/** What is wrong with a new PIN, as the server would say it in the page's language; undefined when it is one. */
export function pinProblem(pin: string): string | undefined {
  const parsed = z.object({ pin: PinSchema }).safeParse({ pin });
  const message = parsed.success ? undefined : parsed.error.issues[0]?.message;
  return message === undefined ? undefined : translateIssue(message);
}
