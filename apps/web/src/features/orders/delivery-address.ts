import { DOOR_DELIVERY_ID, type Order } from '@kopi/shared';

/**
 * The address to show with an order: Door Delivery's only (docs/shop-rules.md#ordering). Orders placed
 * before that rule may carry the profile's address with another method; it means nothing there.
 */
export function deliveryAddressOf(order: Pick<Order, 'delivery_id' | 'address'>): string | null {
  return order.delivery_id === DOOR_DELIVERY_ID ? order.address : null;
}
