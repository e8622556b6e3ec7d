import { formatThousands } from '@kopi/shared';
import type { InputHTMLAttributes } from 'react';

/** Rupiah typed as digits, shown with the shop's thousands separator; its value is the whole number, or null when empty. */
export function AmountInput({
  value,
  onChange,
  className = '',
  ...rest
}: { value: number | null; onChange: (value: number | null) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return (
    <input
      {...rest}
      inputMode="numeric"
      autoComplete="off"
      className={`block min-h-12 w-full rounded-xl border border-roast/40 bg-white px-3 py-2 text-right text-2xl font-semibold ${className}`}
      value={value === null ? '' : formatThousands(value)}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '').slice(0, 9);
        onChange(digits === '' ? null : Number(digits));
      }}
    />
  );
}

/** A parsed amount kept as a number, read from the digits typed. */
export const isAmount = (value: number | null): value is number => value !== null && Number.isInteger(value);
