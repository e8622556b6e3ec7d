import { useT } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { useShopHours } from '../../lib/shop-hours';
import { shopName } from '../../lib/shop-name';
import { Brand } from './brand';

// py-1: each link is a tap target of at least 24 px in height on a phone (WCAG 2.2 AA 2.5.8).
const LINK = 'inline-block rounded py-1 hover:text-honey';

/** docs/decisions/spec-fidelity.md#kept-word-for-word: shop name, 'Coffee Shop', Product and Engage lists, a copyright line. */
export function Footer() {
  const t = useT();
  const hours = useShopHours();
  return (
    <footer className="mt-16 bg-espresso text-crema">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <Brand />
          <p className="mt-2 text-honey">{t('footer.tagline')}</p>
          <p className="mt-4 max-w-sm text-sm text-crema/80">{t('footer.about', { hours })}</p>
        </div>
        <nav aria-label={t('footer.product')}>
          <h2 className="font-display text-lg font-semibold">{t('footer.product')}</h2>
          <ul className="mt-2 space-y-1 text-sm text-crema/80">
            <li>
              <Link className={LINK} to="/product">
                {t('footer.ourMenu')}
              </Link>
            </li>
            <li>
              <Link className={LINK} to="/product?categories=2&sort=popular&page=1">
                {t('footer.coffee')}
              </Link>
            </li>
            <li>
              <Link className={LINK} to="/product?categories=1&sort=popular&page=1">
                {t('footer.foods')}
              </Link>
            </li>
            <li>
              <Link className={LINK} to="/">
                {t('footer.locations')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.engage')}>
          <h2 className="font-display text-lg font-semibold">{t('footer.engage')}</h2>
          <ul className="mt-2 space-y-1 text-sm text-crema/80">
            <li>
              <Link className={LINK} to="/">
                {t('footer.aboutUs')}
              </Link>
            </li>
            <li>
              <Link className={LINK} to="/signup">
                {t('footer.memberCard')}
              </Link>
            </li>
            <li>
              <Link className={LINK} to="/forgot">
                {t('footer.accountHelp')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-crema/15 py-4 text-center text-xs text-crema/70">
        {t('footer.rights', { year: String(new Date().getFullYear()), shop: shopName() })}
      </p>
    </footer>
  );
}
