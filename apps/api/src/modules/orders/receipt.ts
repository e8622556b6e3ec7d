import {
  formatIDR,
  formatRate,
  type Locale,
  type OrderDetail,
  PAYMENT,
  paymentWayKey,
  type ShopSettingsDoc,
  STATUS,
  withPaymentWay,
} from '@kopi/shared';
import { escapeHtml } from '../../lib/html.ts';
import { type MessageKey, type MessageValues, phrase, say } from '../../lib/i18n.ts';

// An order's receipt (docs/shop-rules.md#receipts): one HTML page for the phone's screen and for a
// 58 or 80 mm roll, in the reader's language. Everything it shows comes from the stored order (its
// lines, amounts and the rates it was priced with) and the shop's name, address, NPWPD and footer;
// nothing is priced again here. Every text from outside (names, the footer) is escaped.

/** What of the shop a receipt prints. */
export type ReceiptShop = Pick<ShopSettingsDoc, 'name' | 'address' | 'npwpd' | 'receipt_footer'> & { timezone: string };

const DELIVERY_KEYS: Record<number, MessageKey> = { 1: 'delivery.dineIn', 2: 'delivery.door', 3: 'delivery.pickUp' };
const PAYMENT_KEYS: Record<number, MessageKey> = { 1: 'payment.card', 2: 'payment.bank', 3: 'payment.cash', 4: 'payment.qris' };

export function receiptHtml(order: OrderDetail, shop: ReceiptShop, locale: Locale): string {
  const words = (key: MessageKey, values?: MessageValues) => escapeHtml(say(locale, phrase(key, values)));
  const row = (label: string, amount: number, className = '') =>
    `<tr${className ? ` class="${className}"` : ''}><th scope="row">${label}</th><td>${escapeHtml(formatIDR(amount))}</td></tr>`;
  const { payment, rates } = order;
  // Cash taken at the counter is "Cash"; cash still to take keeps the method's name (on delivery, at the counter).
  const method =
    order.payment_id === PAYMENT.cash && payment.cash_tendered !== null
      ? say(locale, 'server.receiptCash')
      : say(locale, PAYMENT_KEYS[order.payment_id] ?? 'status.unknown');
  const delivery = DELIVERY_KEYS[order.delivery_id] ?? 'status.unknown';

  const lines = order.items
    .map((item) => {
      const addons = item.addons.map((addon) => `<div class="addon">+ ${escapeHtml(addon.product_name)} × ${addon.qty}</div>`).join('');
      return (
        `<tr class="line"><th scope="row">${item.qty} × ${escapeHtml(item.product_name)}` +
        `<div class="size">${escapeHtml(item.size_name)}</div>${addons}</th><td>${escapeHtml(formatIDR(item.line_total))}</td></tr>`
      );
    })
    .join('');

  const figures = [
    row(words('server.receiptSubtotal'), order.subtotal),
    order.discount > 0 ? row(words('server.receiptDiscount'), -order.discount) : '',
    order.service > 0 ? row(words('server.receiptService', { rate: formatRate(rates.service_rate, locale) }), order.service) : '',
    rates.tax_rate > 0
      ? row(
          words(rates.prices_include_tax ? 'server.receiptTaxIncluded' : 'server.receiptTax', {
            name: rates.tax_name,
            rate: formatRate(rates.tax_rate, locale),
          }),
          order.tax,
        )
      : '',
    order.shipping > 0 ? row(words('server.receiptShipping'), order.shipping) : '',
    row(words('server.receiptTotal'), order.total, 'total'),
    payment.rounding !== 0 ? row(words('server.receiptRounding'), payment.rounding) : '',
    payment.rounding !== 0 ? row(words('server.receiptToPay'), order.total + payment.rounding, 'total') : '',
    payment.cash_tendered !== null ? row(words('server.receiptTendered'), payment.cash_tendered) : '',
    payment.change !== null ? row(words('server.receiptChange'), payment.change) : '',
  ].join('');

  // Still to pay: where and how, as the order's page says it ("Card — pay by card at the counter").
  const way = paymentWayKey(order.payment_id, order.delivery_id);
  const paid =
    payment.status === 'paid'
      ? words('server.receiptPaid', { method })
      : payment.status === 'refunded'
        ? words('server.receiptRefunded', { method })
        : words('server.receiptUnpaid', {
            method: withPaymentWay(method, way && payment.cash_tendered === null ? say(locale, way) : null),
          });
  // With its year, as a tax auditor reads it: "28 Nov 2026, 12:12" / "28 Nov 2026, 12.12".
  const moment = new Intl.DateTimeFormat(locale === 'id' ? 'id-ID' : 'en-GB', {
    timeZone: shop.timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(order.created_at));
  const who = order.table
    ? words('server.receiptTable', { name: order.table.name })
    : order.source !== 'online' && order.customer.display_name
      ? words('server.receiptFor', { name: order.customer.display_name })
      : '';

  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${words('server.receiptTitle', { number: order.number })}</title>
<style>
/* One column that fits an 80 mm roll (72 mm printable) and narrows to a 58 mm one (48 mm). */
@page { size: auto; margin: 2mm; }
* { box-sizing: border-box; }
body { margin: 0 auto; padding: 12px; max-width: 76mm; font: 13px/1.4 "DejaVu Sans Mono", ui-monospace, monospace; color: #000; background: #fff; overflow-wrap: anywhere; }
h1 { font-size: 16px; margin: 0 0 2px; text-align: center; }
.shop, .meta, .footer, .state { text-align: center; margin: 0 0 6px; }
table { width: 100%; border-collapse: collapse; margin: 6px 0; }
th { text-align: left; font-weight: normal; padding: 1px 0; vertical-align: top; }
td { text-align: right; white-space: nowrap; padding: 1px 0 1px 6px; vertical-align: top; }
.size, .addon { font-size: 11px; padding-left: 1.5em; }
.line th, .line td { padding-top: 3px; }
.figures { border-top: 1px dashed #000; }
.total th, .total td { font-weight: bold; }
.state { border-top: 1px dashed #000; padding-top: 6px; }
.cancelled { font-weight: bold; }
@media print { body { padding: 0; max-width: none; } }
@media print and (max-width: 60mm) { body { font-size: 10.5px; } h1 { font-size: 13px; } }
</style>
</head>
<body>
<h1>${escapeHtml(shop.name)}</h1>
<p class="shop">${shop.address ? `${escapeHtml(shop.address)}<br>` : ''}${shop.npwpd ? words('server.receiptNpwpd', { npwpd: shop.npwpd }) : ''}</p>
<p class="meta"><strong>${words('server.receiptOrder', { number: order.number })}</strong> · ${words('server.receiptId', { id: order.id })}<br>${escapeHtml(moment)}<br>${words(delivery)}${who ? ` · ${who}` : ''}</p>
<table><tbody>${lines}</tbody></table>
<table class="figures"><tbody>${figures}</tbody></table>
<p class="state">${paid}${payment.reference ? `<br>${words('server.receiptCardReference', { reference: payment.reference })}` : ''}${
    payment.taken_by ? `<br>${words('server.receiptCashier', { name: payment.taken_by.display_name })}` : ''
  }${order.status_id === STATUS.cancelled ? `<br><span class="cancelled">${words('server.receiptCancelled')}</span>` : ''}</p>
${shop.receipt_footer ? `<p class="footer">${escapeHtml(shop.receipt_footer).replaceAll('\n', '<br>')}</p>` : ''}
</body>
</html>
`;
}
