import type { SandboxCharge } from './sandbox.ts';

// The tester's pages: every charge, and one charge with its Pay, Expire and Fail buttons. Plain
// forms, no script: each button POSTs and comes back to the charge's page.

function htmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function rupiah(amount: number): string {
  return `IDR ${amount.toLocaleString('id-ID')}`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${htmlText(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
  code { word-break: break-all; background: #f4f1ec; padding: 0.1rem 0.3rem; }
  dt { font-weight: 600; margin-top: 0.6rem; }
  form { display: inline; }
  button { font-size: 1rem; padding: 0.5rem 1.2rem; margin: 1rem 0.5rem 0 0; cursor: pointer; }
  .note { color: #8a1c1c; }
  table { border-collapse: collapse; width: 100%; }
  td, th { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid #ddd; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}

export function startPage(charges: SandboxCharge[]): string {
  const rows = charges
    .map(
      (c) =>
        `<tr><td><a href="/pay/${encodeURIComponent(c.orderId)}">${htmlText(c.orderId)}</a></td><td>${rupiah(c.grossAmount)}</td>` +
        `<td>${htmlText(c.bank ?? c.paymentType)}</td><td>${htmlText(c.status)}</td></tr>`,
    )
    .join('');
  return layout(
    'Payments sandbox',
    `<h1>Payments sandbox</h1>
<p>Charges made since the sandbox started (they are kept in memory only).</p>
${rows ? `<table><tr><th>Order</th><th>Amount</th><th>Method</th><th>Status</th></tr>${rows}</table>` : '<p>No charge yet.</p>'}`,
  );
}

export function payPage(charge: SandboxCharge, problem?: string): string {
  const how =
    charge.paymentType === 'qris'
      ? `<dt>QRIS</dt><dd>QR string: <code>${htmlText(charge.qrString ?? '')}</code></dd>`
      : `<dt>Bank transfer</dt><dd>${htmlText((charge.bank ?? '').toUpperCase())} virtual account <code>${htmlText(charge.vaNumber ?? '')}</code></dd>`;
  const last = charge.deliveries.at(-1);
  const delivery = !charge.notificationUrl
    ? '<p class="note">This charge has no X-Override-Notification URL: no notification will be sent.</p>'
    : last
      ? `<p>Last notification (${htmlText(String(last.notification.transaction_status))}) to <code>${htmlText(last.url)}</code>: ` +
        `${last.status === 0 ? `not delivered (${htmlText(last.body)})` : `answered HTTP ${last.status}`}.</p>`
      : `<p>Notifications go to <code>${htmlText(charge.notificationUrl)}</code>.</p>`;
  const pending = charge.status === 'pending';
  const button = (action: string, label: string) =>
    `<form method="post" action="/pay/${encodeURIComponent(charge.orderId)}/${action}"><button type="submit"${pending ? '' : ' disabled'}>${label}</button></form>`;
  return layout(
    `Pay ${charge.orderId}`,
    `<h1>Order ${htmlText(charge.orderId)}</h1>
${problem ? `<p class="note">${htmlText(problem)}</p>` : ''}
<dl>
  <dt>Amount</dt><dd>${rupiah(charge.grossAmount)}</dd>
  ${how}
  <dt>Status</dt><dd id="status">${htmlText(charge.status)}</dd>
  <dt>Expires</dt><dd>${htmlText(charge.expiryTime.toISOString())}</dd>
</dl>
${button('pay', 'Pay')}${button('expire', 'Expire')}${button('fail', 'Fail')}
${delivery}
<p><a href="/">All charges</a></p>`,
  );
}
