import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';

export function createRecoveryRepository(db: Db) {
  /** Sets the password and raises the session epoch: every token issued before stops working. */
  async function setPassword(tx: Db, userId: number, passwordHash: string) {
    const [row] = await tx
      .update(users)
      .set({ password_hash: passwordHash, session_epoch: sql`${users.session_epoch} + 1` })
      .where(eq(users.id, userId))
      .returning({ role: users.role, epoch: users.session_epoch });
    // A reset link asked for before the change must not undo it.
    await tx.delete(passwordResets).where(eq(passwordResets.user_id, userId));
    return row;
  }

  return {
    findAccount: async (email: string) => {
      const [row] = await db.select({ id: users.id, email: users.email, locale: users.locale }).from(users).where(eq(users.email, email));
      return row;
    },

    passwordOf: async (userId: number) => {
      const [row] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, userId));
      return row;
    },

    /** Keeps the account's one live link: a new one replaces the last, which then stops working. */
    saveResetToken: async (userId: number, tokenHash: string, now: Date, expiresAt: Date) => {
      await db
        .insert(passwordResets)
        .values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt })
        .onConflictDoUpdate({ target: passwordResets.user_id, set: { token_hash: tokenHash, created_at: now, expires_at: expiresAt } });
      // Links nobody used are of no use once expired.
      await db.delete(passwordResets).where(lt(passwordResets.expires_at, now));
    },

    /** Whether a live link has this token hash (a cheap look before the costly password hash). */
    resetTokenIsLive: async (tokenHash: string, now: Date) => {
      const [row] = await db
        .select({ user_id: passwordResets.user_id })
        .from(passwordResets)
        .where(and(eq(passwordResets.token_hash, tokenHash), gt(passwordResets.expires_at, now)));
      return !!row;
    },

    /**
     * Uses the link and sets the password in one transaction: of two uses at the same moment only
     * one finds the row to delete. Answers the account's id, or undefined when the link is not live.
     */
    resetPassword: (tokenHash: string, now: Date, passwordHash: string) =>
      db.transaction(async (tx) => {
        const [used] = await tx
          .delete(passwordResets)
          .where(and(eq(passwordResets.token_hash, tokenHash), gt(passwordResets.expires_at, now)))
          .returning({ user_id: passwordResets.user_id });
        if (!used) return undefined;
        await setPassword(tx as Db, used.user_id, passwordHash);
        return used.user_id;
      }),

    changePassword: (userId: number, passwordHash: string) => db.transaction((tx) => setPassword(tx as Db, userId, passwordHash)),
  };
}
export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
