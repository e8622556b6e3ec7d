// A dynamic QRIS payload in the EMVCo merchant-presented layout (ID, length, value; a CRC at the end),
// so that the QR code the shop draws reads like a real one: the amount and the order are in it.

function field(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE, the checksum EMVCo QR codes end with. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function qrisPayload(amount: number, orderId: string): string {
  const body = [
    field('00', '01'),
    field('01', '12'), // dynamic: one payment, this amount
    field('26', field('00', 'COM.GO-JEK.WWW') + field('01', '936009140000000000') + field('03', 'UMI')),
    field('52', '5814'),
    field('53', '360'), // rupiah
    field('54', String(amount)),
    field('58', 'ID'),
    field('59', 'KOPI SENJA SANDBOX'),
    field('60', 'JAKARTA'),
    field('62', field('05', orderId.slice(0, 25))),
  ].join('');
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16(withCrcTag);
}
