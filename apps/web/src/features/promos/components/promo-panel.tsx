import { formatIDR, formatShopDate, type Promo } from '@kopi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { PencilLink } from '../../../components/ui/pencil-link';
import { Spinner } from '../../../components/ui/spinner';
import { canRetry } from '../../../lib/api-client';
import { useLocale, useT } from '../../../lib/i18n';
import { imageSources } from '../../../lib/image-url';
import { DELIVERY_KEYS } from '../../../lib/names';
import { useHydrated } from '../../../lib/use-hydrated';
import { promoQueries } from '../api/promos';

/** What Apply Coupon found: the cart's total with the coupon, or why it does not apply. */
export interface CouponNotice {
  applies: boolean;
  text: string;
}

interface PromoPanelProps {
  sessionId: number | undefined;
  isAdmin: boolean;
  appliedPromoId: number | undefined;
  onApply: (promo: Promo) => void;
  applying?: boolean;
  notice?: CouponNotice | null;
}

type Translate = ReturnType<typeof useT>;

/** A coupon's own rules in words, as the server's reasons say them (docs/shop-rules.md#coupons). */
function promoRules(promo: Promo, t: Translate): string[] {
  const rules: string[] = [];
  if (promo.delivery_ids.length > 0) {
    const names = promo.delivery_ids.map((id) => (DELIVERY_KEYS[id] ? t(DELIVERY_KEYS[id]) : String(id)));
    const deliveries = names.reduce((first, second) => t('promo.or', { first, second }));
    rules.push(t('promo.rule.onlyFor', { deliveries }));
  }
  if (promo.new_customers_only) rules.push(t('promo.rule.firstOrder'));
  if (promo.members_only) rules.push(t('promo.rule.member'));
  if (promo.min_price > 0) rules.push(t('promo.rule.minOrder', { amount: formatIDR(promo.min_price) }));
  return rules;
}

/** The catalogue's left panel 'Promo for you' (docs/decisions/spec-fidelity.md#kept-word-for-word). */
export function PromoPanel({ sessionId, isAdmin, appliedPromoId, onApply, applying = false, notice = null }: PromoPanelProps) {
  // A signed-in person's page is taken over with the visitor's coupons the server drew: they stay on
  // the screen (the same elements, under a finger) until the person's own list replaces them.
  const promos = useQuery({ ...promoQueries.list(sessionId), placeholderData: keepPreviousData });
  // Drawn by the server with the menu: a coupon chosen before the page runs would be lost.
  const hydrated = useHydrated();
  const t = useT();
  const locale = useLocale();
  const [chosenId, setChosenId] = useState<number | undefined>(appliedPromoId);
  const chosen = promos.data?.find((promo) => promo.id === chosenId);

  return (
    <aside aria-labelledby="promo-heading" className="min-w-0 space-y-5 rounded-3xl bg-white p-5 shadow-sm">
      <div>
        <h2 id="promo-heading" className="text-2xl font-bold">
          {t('promo.forYou')}
        </h2>
        <p className="text-sm text-roast">{t('promo.updatedWeekly')}</p>
      </div>

      {/* Below lg the coupons are one scrolling row about 192px tall: the loading line holds that height, so
          the menu under it does not jump down when they arrive (Lighthouse CLS on a phone). */}
      {promos.isPending && (
        <p role="status" className="flex min-h-48 items-center gap-2 text-roast lg:min-h-0">
          <Spinner /> {t('promo.loading')}
        </p>
      )}
      {promos.isError && (
        <ErrorMessage message={t('promoLoadFailed')} onRetry={canRetry(promos.error) ? () => promos.refetch() : undefined} />
      )}
      {promos.data?.length === 0 && <p className="text-roast">{t('promo.none')}</p>}

      {promos.data && promos.data.length > 0 && (
        <ul className="flex gap-3 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible">
          {promos.data.map((promo) => (
            <li key={promo.id} className="relative min-w-64 lg:min-w-0">
              <button
                type="button"
                aria-pressed={promo.id === chosenId}
                onClick={() => setChosenId(promo.id)}
                disabled={!hydrated}
                className={`flex w-full items-center gap-3 rounded-2xl p-3 text-left transition-colors ${
                  promo.id === chosenId ? 'bg-caramel-dark text-white ring-2 ring-espresso' : 'bg-crema hover:bg-honey/40'
                } ${promo.active ? '' : 'opacity-60'}`}
                data-testid="promo-card"
              >
                <img
                  {...imageSources(promo.image, 160)}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-16 shrink-0 rounded-xl object-cover"
                />
                <span className="min-w-0 pr-8">
                  <span className="block font-bold">{promo.promo_name}</span>
                  <span className="block text-sm font-semibold">{t('promo.off', { discount: promo.discount })}</span>
                  <span className="block font-mono text-sm tracking-wider">{promo.code}</span>
                  <span className="block text-xs">{t('promo.validUntil', { date: formatShopDate(promo.duration, locale) })}</span>
                  {/* The rules in words, as the server's reasons say them (docs/shop-rules.md#coupons); the
                      one every coupon has is said once, under Terms and Condition. */}
                  {promoRules(promo, t).map((rule) => (
                    <span key={rule} className="block text-xs font-semibold" data-testid="promo-rule">
                      {rule}
                    </span>
                  ))}
                  {!promo.active && <span className="block text-xs font-bold">{t('promo.expired')}</span>}
                </span>
              </button>
              {isAdmin && (
                <div className="absolute top-2 right-2">
                  <PencilLink to={`/product/promos/edit/${promo.id}`} label={t('promo.edit', { name: promo.promo_name })} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {!isAdmin && (
        <div className="space-y-2">
          <Button
            variant="secondary"
            className="w-full"
            busy={applying}
            disabled={!chosen?.active}
            onClick={() => chosen && onApply(chosen)}
          >
            {t('promo.apply')}
          </Button>
          <div aria-live="polite">
            {notice && (
              <p
                data-testid="coupon-notice"
                className={`rounded-xl p-3 text-sm font-semibold ${notice.applies ? 'bg-crema text-espresso' : 'bg-berry/10 text-berry'}`}
              >
                {notice.text}
              </p>
            )}
          </div>
        </div>
      )}

      {/* The spec's heading and its first term, which every coupon has; then what each coupon shown
          really asks, from its rules (the spec's fixed "only for dine in", "must have member card"… contradicted
          the coupons above them: docs/decisions/spec-fidelity.md). */}
      <div>
        <h3 className="font-bold">{t('promo.terms')}</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-roast" data-testid="promo-terms">
          <li>{t('promo.term.perDay')}</li>
          {promos.data?.map((promo) => {
            const rules = promoRules(promo, t);
            return (
              <li key={promo.id}>
                {rules.length === 0
                  ? t('promo.term.anyOrder', { name: promo.promo_name })
                  : t('promo.term.coupon', {
                      name: promo.promo_name,
                      rules: rules
                        .map((rule) => rule.charAt(0).toLowerCase() + rule.slice(1))
                        .reduce((first, second) => t('promo.term.and', { first, second })),
                    })}
              </li>
            );
          })}
        </ol>
      </div>

      {isAdmin && (
        <ButtonLink to="/product/promos/new" className="w-full">
          {t('promo.addPromo')}
        </ButtonLink>
      )}
    </aside>
  );
}
