import type { Locale } from '@kopi/shared';
import { escapeHtml } from '../../lib/html.ts';
import { type MessageKey, phrase, say } from '../../lib/i18n.ts';
import type { Mail } from '../../lib/mailer.ts';

/**
 * The reset e-mail: a plain-text part and an HTML part with the same words, in the shop's name and
 * the account's language (docs/decisions/i18n-lingui.md#the-requests-language).
 */
export function resetMail(opts: { to: string; shopName: string; link: string; validMinutes: number; locale: Locale }): Mail {
  const { to, shopName, link, validMinutes, locale } = opts;
  const words = (key: MessageKey) => say(locale, phrase(key, { shop: shopName, minutes: validMinutes }));
  const lines = {
    hello: words('server.resetMailHello'),
    why: words('server.resetMailWhy'),
    what: words('server.resetMailWhat'),
    ignore: words('server.resetMailIgnore'),
  };
  const text = [lines.hello, '', lines.why, lines.what, '', link, '', lines.ignore, '', shopName, ''].join('\n');
  const shop = escapeHtml(shopName);
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="${locale}"><body style="margin:0;padding:24px;background:#f6efe6;font-family:Arial,sans-serif;color:#3b2418">
<div style="max-width:32rem;margin:0 auto;background:#ffffff;border-radius:16px;padding:24px">
<h1 style="margin:0 0 16px;font-size:22px">${shop}</h1>
<p>${escapeHtml(lines.hello)}</p>
<p>${escapeHtml(lines.why)}</p>
<p>${escapeHtml(lines.what)}</p>
<p style="margin:24px 0"><a href="${href}" style="background:#8b5a2b;color:#ffffff;padding:12px 20px;border-radius:12px;text-decoration:none;font-weight:bold">${escapeHtml(words('server.resetMailButton'))}</a></p>
<p style="font-size:13px">${escapeHtml(words('server.resetMailCopy'))}<br><span style="word-break:break-all">${href}</span></p>
<p>${escapeHtml(lines.ignore)}</p>
<p>${shop}</p>
</div></body></html>`;
  return { to, subject: words('server.resetMailSubject'), text, html };
}
