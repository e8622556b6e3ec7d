import { useT } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { cartItemCount, useCart } from '../cart-store';

/** docs/decisions/spec-fidelity.md#fixed: the badge shows the real number of items (the spec's showed 1). */
export function CartBadgeLink() {
  const count = cartItemCount(useCart());
  const t = useT();
  return (
    <Link to="/payment" className="relative rounded-full p-2 hover:bg-white/10" aria-label={t('nav.cartCount', { count })}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6 fill-none stroke-current stroke-2">
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" />
        <circle cx="10" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </svg>
      <span
        data-testid="cart-count"
        className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-honey px-1 text-xs font-bold text-espresso"
      >
        {count}
      </span>
    </Link>
  );
}
