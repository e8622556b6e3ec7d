import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends through the SMTP server of SMTP_URL, or answers undefined when none is configured (the
 * caller then writes what it would have sent to the log, see the README). A MAIL_FROM without a
 * name is sent in the shop's name.
 */
export function createMailer(config: Pick<Config, 'mail' | 'shopName'>): Mailer | undefined {
  const { smtpUrl, from } = config.mail;
  if (!smtpUrl || !from) return undefined;
  const transport: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A mail server that does not answer must not hold a sending slot for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const sender = from.includes('<') ? from : { name: config.shopName, address: from };
  return {
    async send(mail) {
      await transport.sendMail({ from: sender, ...mail });
    },
    close: () => transport.close(),
  };
}
