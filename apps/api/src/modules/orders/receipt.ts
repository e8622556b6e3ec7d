import {
  formatIDR,
  formatRate,
  type Locale,
  type OrderDetail,
  PAYMENT,
  paymentWayKey,
  productNameIn,
  type ShopSettingsDoc,
  STATUS,
  withPaymentWay,
} from '@kopi/shared';
import { escapeHtml } from '../../lib/html.ts';
import { type MessageKey, type MessageValues, phrase, say } from '../../lib/i18n.ts';

// An order's receipt (docs/shop-rules.md#receipts): one model of what it says (receiptModel), read
// by two renderers: an HTML page for the phone's screen and a 58 or 80 mm roll (receiptHtml, here),
// and the ESC/POS bytes a receipt printer prints (modules/printing/escpos.ts). Everything it shows
// comes from the stored order (its lines, amounts and the rates it was priced with) and the shop's
// name, address, NPWPD and footer; nothing is priced again. The model holds plain text: each
// renderer escapes it for its own medium (the page escapes every text from outside).

/** What of the shop a receipt prints. */
export type ReceiptShop = Pick<ShopSettingsDoc, 'name' | 'address' | 'npwpd' | 'receipt_footer'> & { timezone: string };

/** A line of the bill: a label and an amount in rupiah; `total` lines stand out. */
export interface ReceiptFigure {
  label: string;
  amount: number;
  total: boolean;
}

/** Everything a receipt says, in the reader's language, as plain text. */
export interface ReceiptModel {
  title: string;
  shopName: string;
  address: string;
  /** "NPWPD …", or '' when the shop has none. */
  npwpd: string;
  /** "Order #12" */
  number: string;
  /** "ID 345" */
  id: string;
  /** When it was placed, in the shop's zone, with its year. */
  moment: string;
  delivery: string;
  /** Its table or the name given at the till, or ''. */
  who: string;
  lines: { label: string; size: string; addons: string[]; amount: number }[];
  figures: ReceiptFigure[];
  /** "Paid by Cash", then a card's reference and the cashier when there are. */
  paid: string;
  reference: string;
  cashier: string;
  /** "This order was cancelled", or ''. */
  cancelled: string;
  footer: string;
}

const DELIVERY_KEYS: Record<number, MessageKey> = { 1: 'delivery.dineIn', 2: 'delivery.door', 3: 'delivery.pickUp' };
const PAYMENT_KEYS: Record<number, MessageKey> = { 1: 'payment.card', 2: 'payment.bank', 3: 'payment.cash', 4: 'payment.qris' };

export function receiptModel(order: OrderDetail, shop: ReceiptShop, locale: Locale): ReceiptModel {
  const words = (key: MessageKey, values?: MessageValues) => say(locale, phrase(key, values));
  const figure = (label: string, amount: number, total = false): ReceiptFigure => ({ label, amount, total });
  const { payment, rates } = order;
  // Cash taken at the counter is "Cash"; cash still to take keeps the method's name (on delivery, at the counter).
  const method =
    order.payment_id === PAYMENT.cash && payment.cash_tendered !== null
      ? say(locale, 'server.receiptCash')
      : say(locale, PAYMENT_KEYS[order.payment_id] ?? 'status.unknown');

  const figures = [
    figure(words('server.receiptSubtotal'), order.subtotal),
    order.discount > 0 ? figure(words('server.receiptDiscount'), -order.discount) : undefined,
    order.service > 0 ? figure(words('server.receiptService', { rate: formatRate(rates.service_rate, locale) }), order.service) : undefined,
    rates.tax_rate > 0
      ? figure(
          words(rates.prices_include_tax ? 'server.receiptTaxIncluded' : 'server.receiptTax', {
            name: rates.tax_name,
            rate: formatRate(rates.tax_rate, locale),
          }),
          order.tax,
        )
      : undefined,
    order.shipping > 0 ? figure(words('server.receiptShipping'), order.shipping) : undefined,
    figure(words('server.receiptTotal'), order.total, true),
    payment.rounding !== 0 ? figure(words('server.receiptRounding'), payment.rounding) : undefined,
    payment.rounding !== 0 ? figure(words('server.receiptToPay'), order.total + payment.rounding, true) : undefined,
    payment.cash_tendered !== null ? figure(words('server.receiptTendered'), payment.cash_tendered) : undefined,
    payment.change !== null ? figure(words('server.receiptChange'), payment.change) : undefined,
  ].filter((shown) => shown !== undefined);

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

  return {
    title: words('server.receiptTitle', { number: order.number }),
    shopName: shop.name,
    address: shop.address,
    npwpd: shop.npwpd ? words('server.receiptNpwpd', { npwpd: shop.npwpd }) : '',
    number: words('server.receiptOrder', { number: order.number }),
    id: words('server.receiptId', { id: order.id }),
    moment,
    delivery: words(DELIVERY_KEYS[order.delivery_id] ?? 'status.unknown'),
    who,
    lines: order.items.map((item) => ({
      label: `${item.qty} × ${productNameIn(locale, item)}`,
      size: item.size_name,
      addons: item.addons.map((addon) => `+ ${productNameIn(locale, addon)} × ${addon.qty}`),
      amount: item.line_total,
    })),
    figures,
    paid,
    reference: payment.reference ? words('server.receiptCardReference', { reference: payment.reference }) : '',
    cashier: payment.taken_by ? words('server.receiptCashier', { name: payment.taken_by.display_name }) : '',
    cancelled: order.status_id === STATUS.cancelled ? words('server.receiptCancelled') : '',
    footer: shop.receipt_footer,
  };
}

export function receiptHtml(order: OrderDetail, shop: ReceiptShop, locale: Locale): string {
  const model = receiptModel(order, shop, locale);
  const e = escapeHtml;
  const row = ({ label, amount, total }: ReceiptFigure) =>
    `<tr${total ? ' class="total"' : ''}><th scope="row">${e(label)}</th><td>${e(formatIDR(amount))}</td></tr>`;
  const lines = model.lines
    .map((line) => {
      const addons = line.addons.map((addon) => `<div class="addon">${e(addon)}</div>`).join('');
      return (
        `<tr class="line"><th scope="row">${e(line.label)}` +
        `<div class="size">${e(line.size)}</div>${addons}</th><td>${e(formatIDR(line.amount))}</td></tr>`
      );
    })
    .join('');
  const figures = model.figures.map(row).join('');

  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(model.title)}</title>
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
<h1>${e(model.shopName)}</h1>
<p class="shop">${model.address ? `${e(model.address)}<br>` : ''}${e(model.npwpd)}</p>
<p class="meta"><strong>${e(model.number)}</strong> · ${e(model.id)}<br>${e(model.moment)}<br>${e(model.delivery)}${model.who ? ` · ${e(model.who)}` : ''}</p>
<table><tbody>${lines}</tbody></table>
<table class="figures"><tbody>${figures}</tbody></table>
<p class="state">${e(model.paid)}${model.reference ? `<br>${e(model.reference)}` : ''}${model.cashier ? `<br>${e(model.cashier)}` : ''}${
    model.cancelled ? `<br><span class="cancelled">${e(model.cancelled)}</span>` : ''
  }</p>
${model.footer ? `<p class="footer">${e(model.footer).replaceAll('\n', '<br>')}</p>` : ''}
</body>
</html>
`;
}
