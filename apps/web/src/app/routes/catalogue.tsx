import type { Locale, Promo } from '@kopi/shared';
import { CATEGORIES, DOOR_DELIVERY_ID, formatIDR, PAYMENT_METHODS, PRODUCT_SORTS, type ProductSort, ROLES } from '@kopi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ButtonLink } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/error-message';
import { Pager } from '../../components/ui/pager';
import { orderItemsOf, readCart, updateCartChoices, useCart } from '../../features/checkout/cart-store';
import { TableBanner, useClosedAtTable } from '../../features/checkout/components/table-banner';
import { type ProductListQuery, productQueries } from '../../features/products/api/products';
import { CategoryTabs, SortSelect } from '../../features/products/components/catalogue-filters';
import { ProductCard, ProductGridSkeleton } from '../../features/products/components/product-card';
import { type CouponNotice, PromoPanel } from '../../features/promos/components/promo-panel';
import { shopQueries } from '../../features/shop/api/shop';
import { canRetry, errorMessage } from '../../lib/api-client';
import { useLocale, useT } from '../../lib/i18n';
import { useSearchParams } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useTableSeat } from '../../lib/table-seat';
import { toast } from '../../lib/toast';
import { HydrateLater } from '../../lib/use-hydrated';

// docs/decisions/spec-fidelity.md#the-catalogue: the filters live in the address query; sort defaults to popular and page to 1.
export function readQuery(params: URLSearchParams): ProductListQuery {
  const category = Number(params.get('categories'));
  const sort = params.get('sort') as ProductSort | null;
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() || undefined,
    categories: CATEGORIES.some((c) => c.id === category) ? category : undefined,
    sort: sort && PRODUCT_SORTS.includes(sort) ? sort : 'popular',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function CataloguePage() {
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const session = useSession();
  const isAdmin = session?.role === ROLES.admin;
  const cart = useCart();
  const products = useQuery(productQueries.list(query));
  // At a table, the shop's hours: closed, the guest is told when it opens.
  const atTable = useTableSeat() !== null;
  const closedAtTable = useClosedAtTable(useQuery({ ...shopQueries.info(), enabled: atTable }).data);
  const t = useT();

  function change(next: Partial<ProductListQuery>) {
    const merged = { ...query, ...next };
    const search = new URLSearchParams();
    if (merged.search) search.set('search', merged.search);
    if (merged.categories) search.set('categories', String(merged.categories));
    search.set('sort', merged.sort);
    search.set('page', String(merged.page));
    setParams(search);
  }

  const queryClient = useQueryClient();
  const [applying, setApplying] = useState(false);
  // What the last Apply Coupon said, in the language it was said in: a switch of language hides it
  // rather than leave a sentence of the other language (the server's reason among it) on the page.
  const locale = useLocale();
  const [said, setSaid] = useState<{ notice: CouponNotice; locale: Locale } | null>(null);
  const setNotice = (notice: CouponNotice | null) => setSaid(notice && { notice, locale });
  const notice = said?.locale === locale ? said.notice : null;

  /** Apply Coupon keeps the coupon with the cart and asks the server's quote whether it applies, and why not. */
  async function applyCoupon(promo: Promo) {
    updateCartChoices({ promo: { id: promo.id, code: promo.code, discount: promo.discount, minPrice: promo.min_price } });
    const current = readCart();
    // Nothing to price yet (or nobody signed in to price it for): the cart's page asks when there is.
    if (!session || current.lines.length === 0 || current.lines.some((line) => line.qty < 1)) {
      setNotice({ applies: true, text: t('coupon.saved') });
      toast.success(t('coupon.appliedWithCode', { code: promo.code }));
      return;
    }
    setApplying(true);
    setNotice(null);
    try {
      // Fetched on the first Apply, not with the menu: most visits to the menu apply no coupon.
      const [{ orderQueries }, { profileQueries }] = await Promise.all([
        import('../../lib/live-orders/order-queries'),
        import('../../features/profile/api/profile'),
      ]);
      // Door Delivery is priced with the saved address; the payment page asks for one if there is none.
      const address =
        current.deliveryId === DOOR_DELIVERY_ID ? (await queryClient.fetchQuery(profileQueries.mine(session?.id))).address : null;
      const quote = await queryClient.fetchQuery(
        orderQueries.quote({
          items: orderItemsOf(current),
          delivery_id: current.deliveryId,
          payment_id: PAYMENT_METHODS[0].id,
          promo_id: promo.id,
          address: address?.trim() || undefined,
          scheduled_for: current.scheduledFor || undefined,
        }),
      );
      if (quote.promo?.applies) {
        setNotice({ applies: true, text: t('coupon.appliedTotal', { code: promo.code, total: formatIDR(quote.total) }) });
        toast.success(t('coupon.appliedWithCode', { code: promo.code }));
      } else {
        const reason = quote.promo?.reason;
        setNotice({
          applies: false,
          text: reason ? t('coupon.notApplied', { code: promo.code, reason }) : t('coupon.notAppliedBare', { code: promo.code }),
        });
      }
    } catch (error) {
      setNotice({ applies: false, text: errorMessage(error) });
    } finally {
      setApplying(false);
    }
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[20rem_1fr]">
      <TableBanner closed={closedAtTable} className="lg:col-span-2" />
      {/* The menu's own controls turn live first; the promos, then the cards, each in a task of its own. */}
      <HydrateLater>
        <PromoPanel
          sessionId={session?.id}
          isAdmin={isAdmin}
          appliedPromoId={cart.promo?.id}
          onApply={(promo) => void applyCoupon(promo)}
          applying={applying}
          notice={notice}
        />
      </HydrateLater>

      <section aria-labelledby="menu-heading" className="min-w-0 space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 id="menu-heading" className="text-3xl font-bold">
              {t('menu.heading')}
            </h1>
            {query.search && <p className="mt-1 text-roast">{t('menu.resultsFor', { search: query.search })}</p>}
          </div>
          <SortSelect value={query.sort} onChange={(sort) => change({ sort, page: 1 })} />
        </div>

        {/* Changing tab resets the page and keeps search and sort (docs/decisions/spec-fidelity.md#the-catalogue). */}
        <CategoryTabs active={query.categories} onChange={(categories) => change({ categories, page: 1 })} />

        {products.isPending && (
          <div role="status" aria-label={t('loading')}>
            <ProductGridSkeleton />
          </div>
        )}
        {products.isError && (
          <ErrorMessage message={errorMessage(products.error)} onRetry={canRetry(products.error) ? () => products.refetch() : undefined} />
        )}
        {products.data && products.data.data.length === 0 && (
          <p className="rounded-2xl bg-white p-8 text-center text-roast">{t('menu.empty')}</p>
        )}
        {products.data && products.data.data.length > 0 && (
          <HydrateLater>
            <ul
              aria-busy={products.isPlaceholderData}
              className={`grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 ${products.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {products.data.data.map((product) => (
                <ProductCard key={product.id} product={product} canEdit={isAdmin} />
              ))}
            </ul>
          </HydrateLater>
        )}
        {products.data && (
          <Pager
            page={query.page}
            totalPage={products.data.meta?.totalPage ?? 1}
            shown={products.data.data.length}
            busy={products.isPlaceholderData}
            onPage={(page) => change({ page })}
          />
        )}

        {isAdmin && (
          <ButtonLink to="/product/new" className="w-full">
            {t('menu.addProduct')}
          </ButtonLink>
        )}
      </section>
    </div>
  );
}
