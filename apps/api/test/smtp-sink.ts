import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on a free port of this machine that keeps what it receives: the shop's mailer
 * talks SMTP to it exactly as to a mail provider (login included).
 */
export async function startSmtpSink(credentials = { user: 'shop', pass: 'smtp-secret' }) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true, // loopback only, no TLS certificate to make
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail: ParsedMail) => {
          const address = (list: ParsedMail['to'] | ParsedMail['from']) =>
            (Array.isArray(list) ? list : list ? [list] : []).map((a) => a.text).join(', ');
          received.push({
            from: address(mail.from),
            to: address(mail.to),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html || '',
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    received,
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    /** The first message to `to` not taken yet; fails after `timeoutMs`. */
    async next(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex((mail) => mail.to.includes(to));
        if (index >= 0) return received.splice(index, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The reset link of a received mail and its token. */
export function resetLinkIn(mail: ReceivedMail): { link: URL; token: string } {
  const match = mail.text.match(/https?:\/\/\S+\/reset\?token=[\w-]+/);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  const link = new URL(match[0]);
  return { link, token: link.searchParams.get('token')! };
}
