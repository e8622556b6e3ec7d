import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userIdentities, users } from '../../db/schema.ts';

const ACCOUNT = { id: users.id, role: users.role, session_epoch: users.session_epoch };

export function createGoogleRepository(db: Db) {
  return {
    /** The account this provider's subject signed in to before. */
    accountOfIdentity: async (issuer: string, subject: string) => {
      const [row] = await db
        .select(ACCOUNT)
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.user_id))
        .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
      return row;
    },

    /**
     * The account with this (verified) e-mail, made as a customer's when there is none, and the
     * identity linked to it. Two first sign-ins at the same moment end on the same account.
     */
    linkByEmail: (identity: { issuer: string; subject: string; email: string; displayName?: string }, now: Date) =>
      db.transaction(async (tx) => {
        await tx
          .insert(users)
          .values({ email: identity.email, role: 'User', display_name: identity.displayName, created_at: now })
          .onConflictDoNothing({ target: users.email });
        const [account] = await tx.select(ACCOUNT).from(users).where(eq(users.email, identity.email));
        await tx
          .insert(userIdentities)
          .values({ issuer: identity.issuer, subject: identity.subject, user_id: account!.id, email: identity.email, created_at: now })
          .onConflictDoNothing();
        return account!;
      }),
  };
}
export type GoogleRepository = ReturnType<typeof createGoogleRepository>;
