import { escapeHtml } from '../../lib/html.ts';
import type { Mail } from '../../lib/mailer.ts';

/** The reset e-mail: a plain-text part and an HTML part with the same words, in the shop's name. */
export function resetMail(opts: { to: string; shopName: string; link: string; validMinutes: number }): Mail {
  const { to, shopName, link, validMinutes } = opts;
  const lines = {
    hello: 'Hello,',
    why: `Someone (we hope it was you) asked to reset the password of your ${shopName} account.`,
    what: `Open this link within ${validMinutes} minutes to choose a new password. It works once.`,
    ignore: 'If you did not ask for it, ignore this e-mail: your password stays as it is.',
  };
  const text = [lines.hello, '', lines.why, lines.what, '', link, '', lines.ignore, '', shopName, ''].join('\n');
  const shop = escapeHtml(shopName);
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f6efe6;font-family:Arial,sans-serif;color:#3b2418">
<div style="max-width:32rem;margin:0 auto;background:#ffffff;border-radius:16px;padding:24px">
<h1 style="margin:0 0 16px;font-size:22px">${shop}</h1>
<p>${escapeHtml(lines.hello)}</p>
<p>${escapeHtml(lines.why)}</p>
<p>${escapeHtml(lines.what)}</p>
<p style="margin:24px 0"><a href="${href}" style="background:#8b5a2b;color:#ffffff;padding:12px 20px;border-radius:12px;text-decoration:none;font-weight:bold">Choose a new password</a></p>
<p style="font-size:13px">Or copy this address into your browser:<br><span style="word-break:break-all">${href}</span></p>
<p>${escapeHtml(lines.ignore)}</p>
<p>${shop}</p>
</div></body></html>`;
  return { to, subject: `Reset your ${shopName} password`, text, html };
}
