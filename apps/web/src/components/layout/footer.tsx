import { Link } from 'react-router';
import { SHOP_HOURS } from '../../lib/shop-hours';
import { SHOP_NAME } from '../../lib/shop-name';
import { Brand } from './brand';

// py-1: each link is a tap target of at least 24 px in height on a phone (WCAG 2.2 AA 2.5.8).
const LINK = 'inline-block rounded py-1 hover:text-honey';

/** docs/decisions/spec-fidelity.md#kept-word-for-word: shop name, 'Coffee Shop', Product and Engage lists, a copyright line. */
export function Footer() {
  return (
    <footer className="mt-16 bg-espresso text-crema">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <Brand />
          <p className="mt-2 text-honey">Coffee Shop</p>
          <p className="mt-4 max-w-sm text-sm text-crema/80">
            Freshly roasted coffee, tea and good food, served with a smile. Delivery {SHOP_HOURS}.
          </p>
        </div>
        <nav aria-label="Product">
          <h2 className="font-display text-lg font-semibold">Product</h2>
          <ul className="mt-2 space-y-1 text-sm text-crema/80">
            <li>
              <Link className={LINK} to="/product">
                Our menu
              </Link>
            </li>
            <li>
              <Link className={LINK} to="/product?categories=2&sort=popular&page=1">
                Coffee
              </Link>
            </li>
            <li>
              <Link className={LINK} to="/product?categories=1&sort=popular&page=1">
                Foods
              </Link>
            </li>
            <li>
              <Link className={LINK} to="/">
                Locations
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Engage">
          <h2 className="font-display text-lg font-semibold">Engage</h2>
          <ul className="mt-2 space-y-1 text-sm text-crema/80">
            <li>
              <Link className={LINK} to="/">
                About us
              </Link>
            </li>
            <li>
              <Link className={LINK} to="/signup">
                Member card
              </Link>
            </li>
            <li>
              <Link className={LINK} to="/forgot">
                Account help
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-crema/15 py-4 text-center text-xs text-crema/70">
        © {new Date().getFullYear()} {SHOP_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
