import { eq, sql } from 'drizzle-orm';
import { type Db, rows, sqlArray } from '../../db/client.ts';
import { revokedTokens, settings, users } from '../../db/schema.ts';

export function createAuthRepository(db: Db) {
  return {
    findUserByEmail: async (email: string) => {
      const [user] = await db
        .select({
          id: users.id,
          role: users.role,
          password_hash: users.password_hash,
          session_epoch: users.session_epoch,
          active: users.active,
        })
        .from(users)
        .where(eq(users.email, email));
      return user;
    },

    /**
     * The caller's current role and session epoch (null when the account is gone or deactivated), and
     * whether this token was revoked.
     */
    sessionState: async (userId: number, jti: string) => {
      const [row] = await rows<{ role: string | null; epoch: number | null; locale: string | null; revoked: boolean }>(
        db,
        sql`select case when u.active then u.role end as role, u.session_epoch as epoch, u.locale,
                   exists(select 1 from revoked_tokens where jti = ${jti}) as revoked
            from (select 1) as one left join users u on u.id = ${userId}`,
      );
      return row;
    },

    /** sessionState for many sessions in one query (the live streams' periodic re-check). */
    sessionStates: async (sessions: readonly { id: number; jti: string }[]) => {
      if (sessions.length === 0) return [];
      return rows<{ jti: string; role: string | null; epoch: number | null; revoked: boolean }>(
        db,
        sql`select s.jti, case when u.active then u.role end as role, u.session_epoch as epoch,
              exists(select 1 from revoked_tokens r where r.jti = s.jti) as revoked
            from unnest(${sqlArray(
              sessions.map((s) => s.id),
              'int[]',
            )}, ${sqlArray(
              sessions.map((s) => s.jti),
              'text[]',
            )}) as s(id, jti)
            left join users u on u.id = s.id`,
      );
    },

    revoke: async (jti: string, expiresAt: Date) => {
      await db.insert(revokedTokens).values({ jti, expires_at: expiresAt }).onConflictDoNothing();
      // Expired tokens fail on their own; their revocations need not be kept.
      await db.delete(revokedTokens).where(sql`${revokedTokens.expires_at} < now()`);
    },

    /** The signing key: made once and kept in the database so every instance shares it. */
    signingSecret: async (fresh: string) => {
      await db.insert(settings).values({ key: 'jwt_secret', value: fresh }).onConflictDoNothing();
      const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'jwt_secret'));
      return row!.value;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
