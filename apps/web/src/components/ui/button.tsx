import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from '../../lib/router';
import { useHydrated } from '../../lib/use-hydrated';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-caramel-dark text-white hover:bg-roast shadow-sm',
  secondary: 'bg-espresso text-crema hover:bg-roast shadow-sm',
  ghost: 'border border-roast/40 bg-white text-espresso hover:bg-crema',
  danger: 'bg-berry text-white hover:bg-berry/85',
};

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-xl px-5 py-2.5 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50';

export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return `${BASE} ${VARIANTS[variant]} ${extra}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  busy?: boolean;
}

export function Button({ variant = 'primary', busy = false, className = '', disabled, children, type = 'button', ...rest }: ButtonProps) {
  // On a page the server rendered, a tap before the scripts run would do nothing: not offered until then.
  const hydrated = useHydrated();
  return (
    <button type={type} className={buttonClass(variant, className)} disabled={disabled || busy || !hydrated} aria-busy={busy} {...rest}>
      {busy && <Spinner className="size-4" />}
      {children}
    </button>
  );
}

export function ButtonLink({ variant = 'primary', className = '', ...rest }: LinkProps & { variant?: Variant }) {
  return <Link className={buttonClass(variant, className)} {...rest} />;
}
