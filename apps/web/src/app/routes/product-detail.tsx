import { DELIVERY_METHODS, formatIDR, isDrink as isDrinkCategory, type Product, ROLES, SIZES } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, ButtonLink } from '../../components/ui/button';
import { ChoiceGroup } from '../../components/ui/choice-group';
import { ErrorMessage } from '../../components/ui/error-message';
import { QtyStepper } from '../../components/ui/qty-stepper';
import { PageSpinner } from '../../components/ui/spinner';
import { addToCart, type CartLine, cartLineKey, cartLineTotal, checkoutItem, readCart } from '../../features/checkout/cart-store';
import { ClosedAtTableReason, TableBanner, useClosedAtTable } from '../../features/checkout/components/table-banner';
import { productQueries } from '../../features/products/api/products';
import { AddonPicker, type ChosenAddon } from '../../features/products/components/addon-picker';
import { shopQueries } from '../../features/shop/api/shop';
import { SchedulePicker } from '../../features/shop/components/schedule-picker';
import { canRetry, errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { imageSources } from '../../lib/image-url';
import { CATEGORY_KEYS, DELIVERY_CHOICE_KEYS, nameOf, SIZE_KEYS } from '../../lib/names';
import { Link, useLocation, useNavigate, useParams } from '../../lib/router';
import { useSession } from '../../lib/session';
import { shopHoursIn, useShopHours } from '../../lib/shop-hours';
import { useTableSeat } from '../../lib/table-seat';
import { toast } from '../../lib/toast';
import { HydrateLater } from '../../lib/use-hydrated';

/** The sizes the product is sold in, each with its price (docs/shop-rules.md#prices-and-sizes). */
function sizeChoices(product: Product, t: ReturnType<typeof useT>) {
  return product.sizes.map((size) => {
    const known = SIZES.find((s) => s.id === size.size_id);
    const title = nameOf(t, SIZE_KEYS, size.size_id, size.size_name);
    return { id: size.size_id, label: known?.short ?? size.size_name, title, note: formatIDR(size.price) };
  });
}

export function ProductDetailPage() {
  const id = Number(useParams().id);
  const product = useQuery(productQueries.detail(id));
  // Asked for beside the product, not after it: "Set time" is drawn with the page, not as "Loading…" a
  // moment later (docs/decisions/spec-fidelity.md#rough-edges-dead-ends-words-and-dates).
  useQuery(shopQueries.info());
  const t = useT();

  if (product.isPending) return <PageSpinner />;
  if (product.isError) {
    return (
      <div className="space-y-6">
        <ErrorMessage message={errorMessage(product.error)} onRetry={canRetry(product.error) ? () => product.refetch() : undefined} />
        <ButtonLink to="/product" variant="ghost">
          {t('notFound.toMenu')}
        </ButtonLink>
      </div>
    );
  }
  return <ProductDetail product={product.data} />;
}

/** The menu card's picture, as the card chose it for the screen's density (product-card.tsx: 320 px, 640 px sharp). */
function cardPicture(image: string): string {
  const { srcSet } = imageSources(image, 320);
  const [one, two] = srcSet.split(', ').map((entry) => entry.split(' ')[0]);
  return `image-set(url("${one}") 1x, url("${two}") 2x)`;
}

function ProductDetail({ product }: { product: Product }) {
  const session = useSession();
  // Reached within the app (not the page's first address, which the server drew): the menu was seen.
  const fromMenu = useLocation().key !== 'default';
  const isAdmin = session?.role === ROLES.admin;
  const navigate = useNavigate();
  const [sizeId, setSizeId] = useState<number>(product.sizes[0]?.size_id ?? SIZES[0].id);
  const [addons, setAddons] = useState<ChosenAddon[]>([]);
  const isDrink = isDrinkCategory(product.category_id);
  // Add-ons are asked for only where they can go: drinks, and not for the admin's read-only view.
  const addonMenu = useQuery({ ...productQueries.addons(), enabled: isDrink && !isAdmin });
  const sizePrice = product.sizes.find((size) => size.size_id === sizeId)?.price ?? product.price;
  const [deliveryId, setDeliveryId] = useState<number>(DELIVERY_METHODS[0].id);
  // The time already chosen for the cart stays chosen when another product joins it.
  const [scheduledFor, setScheduledFor] = useState(() => readCart().scheduledFor);
  // docs/decisions/spec-fidelity.md#forms: quantity starts at 1 and cannot go below 0; 0 cannot be checked out.
  const [qty, setQty] = useState(1);
  const [askOpen, setAskOpen] = useState(false);
  // The choice last put in the cart by Add to Cart on this page (docs/decisions/spec-fidelity.md#rough-edges-the-customers-path).
  const [added, setAdded] = useState<string>();
  const t = useT();
  const hours = useShopHours();
  // At a table the order is wanted now: no time to choose, and no checkout while the shop is closed.
  const seat = useTableSeat();
  const closedAtTable = useClosedAtTable(useQuery(shopQueries.info()).data);
  const closedReasonId = useId();
  const deliveryChoices = DELIVERY_METHODS.map((method) => ({
    id: method.id,
    label: nameOf(t, DELIVERY_CHOICE_KEYS, method.id, method.label),
  }));

  const line: CartLine = {
    productId: product.id,
    productName: product.product_name,
    image: product.image,
    unitPrice: sizePrice,
    qty,
    sizeId,
    addons: addons.map(({ product: addon, qty: addonQty }) => ({
      productId: addon.id,
      productName: addon.product_name,
      unitPrice: addon.price,
      qty: addonQty,
    })),
  };
  const canOrder = qty > 0 && !product.sold_out;
  const choices = { deliveryId, scheduledFor };
  // The same product, size, add-ons and quantity as the last Add to Cart: CHECKOUT then goes to the cart without adding it again.
  const choice = `${cartLineKey(line)}x${qty}`;

  return (
    <article className="space-y-6">
      <TableBanner closed={closedAtTable} />
      <nav aria-label={t('detail.breadcrumb')} className="text-sm text-roast">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link
              to={`/product?categories=${product.category_id}&sort=popular&page=1`}
              className="inline-block rounded py-1 hover:underline"
            >
              {nameOf(t, CATEGORY_KEYS, product.category_id, product.category_name)}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li aria-current="page" className="font-bold text-espresso">
            {product.product_name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 md:grid-cols-2">
        <div className="space-y-4">
          <img
            {...imageSources(product.image, 640)}
            alt={product.product_name}
            width={560}
            height={560}
            fetchPriority="high"
            // Come from the menu, the card's picture (in the browser's cache) stands in while the larger one loads.
            style={fromMenu ? { backgroundImage: cardPicture(product.image) } : undefined}
            className="aspect-square w-full rounded-3xl bg-crema bg-cover object-cover shadow-md"
          />
          {/* The spec's "Delivery only on …", which would read wrong for a shop open every day. */}
          <p className="rounded-2xl bg-crema p-4 text-sm">
            <strong>{t(shopHoursIn('en').startsWith('every day') ? 'detail.deliveryEveryDay' : 'detail.deliveryOnlyOn', { hours })}</strong>
          </p>
        </div>

        <div className="space-y-6">
          <div>
            <h1 className="text-4xl font-bold">{product.product_name}</h1>
            <p className="mt-2 text-2xl font-bold text-caramel-dark" data-testid="detail-price">
              {formatIDR(cartLineTotal(line))}
            </p>
            {product.sold_out && (
              <p className="mt-3 inline-block rounded-full bg-berry px-4 py-1 font-bold text-white" data-testid="sold-out">
                {t('soldOut')}
              </p>
            )}
            <p className="mt-4 text-roast">{product.description}</p>
          </div>

          <ChoiceGroup
            legend={t('detail.chooseSize')}
            name="size"
            shape="circle"
            choices={sizeChoices(product, t)}
            value={sizeId}
            onChange={setSizeId}
            disabled={isAdmin || product.sold_out}
          />
          {isDrink && !isAdmin && !product.sold_out && addonMenu.data && addonMenu.data.length > 0 && (
            <AddonPicker addons={addonMenu.data} value={addons} onChange={setAddons} disabled={product.sold_out} />
          )}
          <ChoiceGroup
            legend={t('detail.chooseDelivery')}
            name="delivery"
            choices={deliveryChoices}
            value={deliveryId}
            onChange={setDeliveryId}
            disabled={isAdmin}
          />

          {!seat && (
            <HydrateLater>
              <SchedulePicker value={scheduledFor} onChange={setScheduledFor} disabled={isAdmin} />
            </HydrateLater>
          )}

          {isAdmin ? (
            <div className="flex flex-wrap gap-3">
              <ButtonLink to={`/product/edit/${product.id}`}>{t('detail.editProduct')}</ButtonLink>
              <ButtonLink to="/product" variant="ghost">
                {t('detail.home')}
              </ButtonLink>
            </div>
          ) : (
            <div className="space-y-4">
              {product.sold_out && <p className="rounded-2xl bg-crema p-4 text-sm font-semibold">{t('soldOutNote')}</p>}
              <QtyStepper label={t('detail.quantity')} value={qty} onChange={setQty} disabled={product.sold_out} />
              <div className="flex flex-wrap gap-3">
                <Button
                  variant="secondary"
                  disabled={!canOrder}
                  onClick={() => {
                    addToCart(line, choices);
                    setAdded(choice);
                    toast.success(t('detail.addedToCart', { qty, name: product.product_name }));
                  }}
                >
                  {t('detail.addToCart')}
                </Button>
                <Button variant="ghost" aria-expanded={askOpen} onClick={() => setAskOpen((open) => !open)}>
                  {t('detail.askStaff')}
                </Button>
                <Button
                  className="grow"
                  disabled={!canOrder || closedAtTable !== null}
                  aria-describedby={closedAtTable ? closedReasonId : undefined}
                  onClick={() => {
                    checkoutItem(line, choices, { alreadyAdded: added === choice });
                    // A visitor is led through Login and back by the cart's guard (require-role.tsx).
                    navigate('/payment');
                  }}
                >
                  {t('detail.checkout')}
                </Button>
              </div>
              <ClosedAtTableReason id={closedReasonId} closed={closedAtTable} />
              {askOpen && <p className="rounded-2xl bg-crema p-4 text-sm">{t('detail.askStaffNote')}</p>}
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
