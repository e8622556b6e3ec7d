import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userIdentities, users } from '../../db/schema.ts';

/** The names a provider gives (OpenID Connect's name, given_name and family_name). */
interface Names {
  displayName?: string;
  firstName?: string;
  lastName?: string;
}

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
     * identity linked to it. An existing account's empty names are filled from the provider's; a
     * name the person gave is kept. Two first sign-ins at the same moment end on the same account.
     */
    linkByEmail: (identity: { issuer: string; subject: string; email: string } & Names, now: Date) =>
      db.transaction(async (tx) => {
        const names = { display_name: identity.displayName, first_name: identity.firstName, last_name: identity.lastName };
        await tx
          .insert(users)
          .values({ email: identity.email, role: 'User', ...names, created_at: now })
          .onConflictDoUpdate({
            target: users.email,
            set: {
              display_name: sql`coalesce(nullif(${users.display_name}, ''), excluded.display_name)`,
              first_name: sql`coalesce(nullif(${users.first_name}, ''), excluded.first_name)`,
              last_name: sql`coalesce(nullif(${users.last_name}, ''), excluded.last_name)`,
            },
          });
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
