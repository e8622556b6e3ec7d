import { ROLES } from '@kopi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ButtonLink } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/error-message';
import { PageSpinner } from '../../components/ui/spinner';
import { addToCart } from '../../features/checkout/cart-store';
import { OrderDetails } from '../../features/orders/components/order-details';
import { productQueries } from '../../features/products/api/products';
import { ApiError, canRetry, errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import type { LiveOrder } from '../../lib/live-orders/order-cache';
import { orderQueries } from '../../lib/live-orders/order-queries';
import { useNavigate, useParams } from '../../lib/router';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

/** A customer's order at /history/:id, followed live; "Order again" fills the cart with its lines. */
export function OrderPage() {
  const id = Number(useParams().id);
  const session = useSession();
  const order = useQuery(orderQueries.detail(id));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [orderingAgain, setOrderingAgain] = useState(false);
  const t = useT();

  // The cart takes today's menu: today's price, and not what has left the menu since.
  const orderAgain = async (placed: LiveOrder) => {
    setOrderingAgain(true);
    try {
      const products = await Promise.allSettled(placed.items.map((line) => queryClient.fetchQuery(productQueries.detail(line.product_id))));
      const failure = products.find((p) => p.status === 'rejected' && !(p.reason instanceof ApiError && p.reason.status === 404));
      if (failure?.status === 'rejected') throw failure.reason;
      const missing: string[] = [];
      for (const [index, line] of placed.items.entries()) {
        const product = products[index];
        if (product?.status !== 'fulfilled') {
          missing.push(line.product_name);
          continue;
        }
        addToCart(
          {
            productId: line.product_id,
            productName: product.value.product_name,
            image: product.value.image,
            // Today's price of the size; add-ons at the order's prices until the cart's quote prices them again.
            unitPrice: product.value.sizes.find((size) => size.size_id === line.size_id)?.price ?? product.value.price,
            qty: line.qty,
            sizeId: line.size_id,
            addons: line.addons.map((addon) => ({
              productId: addon.product_id,
              productName: addon.product_name,
              unitPrice: addon.unit_price,
              qty: addon.qty,
            })),
          },
          { deliveryId: placed.delivery_id, scheduledFor: '' },
        );
      }
      if (missing.length) toast.warn(t('order.againMissing', { names: missing.join(', ') }));
      if (missing.length < placed.items.length) {
        toast.success(t('order.againDone'));
        await navigate('/payment');
      }
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setOrderingAgain(false);
    }
  };

  const validId = Number.isInteger(id) && id > 0;
  if (validId && order.isPending) return <PageSpinner />;
  if (!validId || order.isError) {
    const notFound = !validId || (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400));
    return (
      <section className="space-y-6">
        <ErrorMessage
          message={notFound ? t('order.notFound') : errorMessage(order.error)}
          onRetry={!notFound && canRetry(order.error) ? () => order.refetch() : undefined}
        />
        <ButtonLink to="/history" variant="ghost">
          {t('order.backToHistory')}
        </ButtonLink>
      </section>
    );
  }
  if (!order.data) return null;
  return (
    <section className="space-y-4">
      <ButtonLink to="/history" variant="ghost" className="py-1.5 print:hidden">
        ← {t('order.backToHistory')}
      </ButtonLink>
      <OrderDetails
        order={order.data}
        mine={order.data.customer.id === session?.id}
        admin={session?.role === ROLES.admin}
        orderingAgain={orderingAgain}
        onOrderAgain={() => void orderAgain(order.data)}
      />
    </section>
  );
}
