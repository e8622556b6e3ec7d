import { createHash, randomBytes } from 'node:crypto';
import {
  type ChangePasswordInput,
  type ChangePasswordResult,
  isLocale,
  type Locale,
  type ResetPasswordInput,
  type Role,
} from '@kopi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { fieldRefused, unauthorized } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { AuthService, RateLimiter, Session } from '../auth/auth.service.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { RecoveryRepository } from './recovery.repository.ts';
import { resetMail } from './reset-mail.ts';

/** How long a reset link works (docs/shop-rules.md#accounts-and-roles). */
export const RESET_LINK_MINUTES = 30;
/** Reset e-mails one address may be sent in a rate-limit window: enough for a few "Resend Link". */
export const RESET_MAILS_PER_EMAIL = 5;

/** Only this hash of a reset token is stored: a copy of the database does not hold working links. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface Deps {
  repo: RecoveryRepository;
  auth: AuthService;
  limiter: RateLimiter;
  config: Pick<Config, 'authRateLimit' | 'clock' | 'shopName'>;
  /** undefined without SMTP_URL: the link is then written to the log (README). */
  mailer: Mailer | undefined;
  publicUrl: () => string;
  log: FastifyBaseLogger;
}

export function createRecoveryService({ repo, auth, limiter, config, mailer, publicUrl, log }: Deps) {
  const background = new Set<Promise<void>>();

  /** Work tracked until done, so that a graceful shutdown lets it finish. A failure is logged for the shop. */
  function track(work: Promise<void>, userId: number) {
    const done = work.catch((error: unknown) => log.error({ err: error, userId }, 'password reset link could not be sent'));
    background.add(done);
    void done.finally(() => background.delete(done));
  }

  async function sendLink(userId: number, to: string, locale: Locale): Promise<void> {
    const token = randomBytes(32).toString('base64url'); // 256 bits
    const now = config.clock.now();
    await repo.saveResetToken(userId, hashToken(token), now, new Date(now.getTime() + RESET_LINK_MINUTES * 60_000));
    const link = `${publicUrl()}/reset?token=${token}`;
    if (!mailer) {
      log.warn({ userId }, `SMTP_URL is not set, so the password reset link is written here instead of e-mailed: ${link}`);
      return;
    }
    await mailer.send(resetMail({ to, shopName: config.shopName, link, validMinutes: RESET_LINK_MINUTES, locale }));
    log.info({ userId }, 'password reset e-mail sent');
  }

  return {
    /** Whether reset links are e-mailed (SMTP_URL), or written to the log. */
    emails: mailer !== undefined,

    /**
     * Same answer whether or not the account exists (no account enumeration). For an account it
     * answers the sending of the link, which the route starts once the answer has gone: making the
     * link and talking to the mail server must not make a known address's answer slower. Measured with
     * curl on PGlite: made before answering, p50 21.5 ms for an unknown address and 37.2 ms for a
     * known one; made after, 23.1 ms and 23.6 ms. The asker who gets no mail presses Resend Link.
     */
    /**
     * `askedIn` is the language of the request: the e-mail speaks the account's language, or that one
     * when the account never chose.
     */
    async forgot(email: string, ip: string, askedIn: Locale): Promise<(() => void) | undefined> {
      await limiter.check(`forgot:ip:${ip}`, config.authRateLimit.perIp);
      await limiter.check(`forgot:email:${email}`, RESET_MAILS_PER_EMAIL);
      const account = await repo.findAccount(email);
      if (!account) return undefined;
      const locale = isLocale(account.locale) ? account.locale : askedIn;
      return () => track(sendLink(account.id, account.email, locale), account.id);
    },

    /** Sets the new password and ends every session of the account. */
    async reset({ token, password }: ResetPasswordInput): Promise<void> {
      const tokenHash = hashToken(token);
      const invalid = () => fieldRefused('token', 'resetLinkInvalid');
      // A dead link is refused before the (deliberately slow) password hash is computed.
      if (!(await repo.resetTokenIsLive(tokenHash, config.clock.now()))) throw invalid();
      const userId = await repo.resetPassword(tokenHash, config.clock.now(), await hashPassword(password));
      if (userId === undefined) throw invalid();
      log.info({ userId }, 'password reset by e-mailed link; every session of the account ended');
    },

    /** Sets the new password; every other session ends and this one gets a new token. */
    async changePassword(session: Session, input: ChangePasswordInput): Promise<ChangePasswordResult> {
      // A stolen session must not be a way to guess the password at leisure.
      await limiter.check(`password:user:${session.id}`, config.authRateLimit.perEmail);
      const account = await repo.passwordOf(session.id);
      if (!account?.password_hash) throw fieldRefused('current_password', 'noPasswordYet');
      if (!(await verifyPassword(account.password_hash, input.current_password))) {
        throw fieldRefused('current_password', 'currentPasswordWrong');
      }
      if (input.new_password === input.current_password) {
        throw fieldRefused('new_password', 'samePassword');
      }
      const changed = await repo.changePassword(session.id, await hashPassword(input.new_password));
      if (!changed) throw unauthorized(); // the account was removed meanwhile
      await limiter.reset(`password:user:${session.id}`);
      log.info({ userId: session.id }, 'password changed; the other sessions of the account ended');
      return { token: await auth.issueToken(session.id, changed.role as Role, changed.epoch) };
    },

    /** Lets the e-mails still being sent finish (graceful shutdown), then closes the mailer. */
    async close(): Promise<void> {
      await Promise.allSettled([...background]);
      mailer?.close();
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
