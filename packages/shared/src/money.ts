// DESIGN §1: one IDR formatter for every screen — thousands separated by '.', no decimals.

export function formatThousands(amount: number): string {
  const rounded = Math.round(amount);
  const sign = rounded < 0 ? '-' : '';
  return sign + String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export function formatIDR(amount: number): string {
  return `IDR ${formatThousands(amount)}`;
}
