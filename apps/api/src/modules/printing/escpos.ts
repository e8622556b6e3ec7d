import { formatIDR } from '@kopi/shared';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { ReceiptModel } from '../orders/receipt.ts';

// The paper a printer prints, as ESC/POS bytes (docs/decisions/escpos-printers.md): the receipt from
// the one receipt model the HTML page reads (modules/orders/receipt.ts), and a station's ticket.
// Each starts with ESC @ (initialise) and ends with a cut (GS V).

/** Characters on a line in the printer's Font A: 32 on a 58 mm roll, 48 on an 80 mm one. */
const columnsOf = (width: 58 | 80) => (width === 58 ? 32 : 48);

/**
 * Text for a printer's code page: the multiplication sign becomes an x, which every printer has;
 * anything the code pages lack is printed as "?" by the encoder.
 */
const plain = (text: string) => text.replaceAll('×', 'x');

const encoderFor = (width: 58 | 80) =>
  new ReceiptPrinterEncoder({ language: 'esc-pos', columns: columnsOf(width) }).initialize().codepage('auto');

/** A label on the left and an amount on the right, the label wrapped within its column. */
function amountRow(encoder: ReceiptPrinterEncoder, width: 58 | 80, label: string, amount: string) {
  const columns = columnsOf(width);
  const right = Math.max(amount.length, 12);
  encoder.table(
    [
      { width: columns - right - 1, marginRight: 1, align: 'left' },
      { width: right, align: 'right' },
    ],
    [[plain(label), amount]],
  );
}

export function receiptBytes(model: ReceiptModel, width: 58 | 80): Uint8Array {
  const encoder = encoderFor(width);
  encoder.align('center').bold(true).line(plain(model.shopName)).bold(false);
  if (model.address) encoder.line(plain(model.address));
  if (model.npwpd) encoder.line(plain(model.npwpd));
  encoder.newline().bold(true).line(plain(model.number)).bold(false).line(plain(model.id)).line(plain(model.moment));
  encoder.line(plain(model.who ? `${model.delivery} · ${model.who}` : model.delivery).replaceAll('·', '-'));
  encoder.align('left').rule();
  for (const line of model.lines) {
    amountRow(encoder, width, line.label, formatIDR(line.amount));
    encoder.line(`  ${plain(line.size)}`);
    for (const addon of line.addons) encoder.line(`  ${plain(addon)}`);
  }
  encoder.rule();
  for (const figure of model.figures) {
    encoder.bold(figure.total);
    amountRow(encoder, width, figure.label, formatIDR(figure.amount));
    encoder.bold(false);
  }
  encoder.rule().align('center').line(plain(model.paid));
  if (model.reference) encoder.line(plain(model.reference));
  if (model.cashier) encoder.line(plain(model.cashier));
  if (model.cancelled) encoder.bold(true).line(plain(model.cancelled)).bold(false);
  if (model.footer) {
    encoder.newline();
    for (const text of model.footer.split('\n')) encoder.line(plain(text));
  }
  return encoder.newline(3).cut().encode();
}

/** What a station's ticket says: the order's number first and large, then when, for whom, and that station's lines. */
export interface TicketModel {
  /** "Order #12" */
  number: string;
  /** The time it entered the kitchen, in the shop's zone. */
  time: string;
  /** "Dine In - Table 4", "Pick Up - For Budi". */
  place: string;
  lines: { qty: number; name: string; size: string; addons: string[] }[];
}

export function ticketBytes(ticket: TicketModel, width: 58 | 80): Uint8Array {
  const encoder = encoderFor(width);
  encoder.size(2, 2).bold(true).line(plain(ticket.number)).bold(false).size(1, 1);
  encoder.line(plain(ticket.time)).line(plain(ticket.place)).rule();
  for (const line of ticket.lines) {
    // The quantity and the product in double height, so they are read from a step away.
    encoder
      .size(1, 2)
      .bold(true)
      .line(plain(`${line.qty} x ${line.name}`))
      .bold(false)
      .size(1, 1);
    encoder.line(`   ${plain(line.size)}`);
    for (const addon of line.addons) encoder.line(`   ${plain(addon)}`);
  }
  return encoder.rule().newline(3).cut().encode();
}
