import { CreateOrderSchema, DOOR_DELIVERY_ID } from '@kopi/shared';

/**
 * An order's body as the server takes it: the shared schema, and an address only for Door Delivery
 * (docs/shop-rules.md#ordering). Sent with Dine In or Pick Up it is dropped here, before anything is
 * priced, stored or fingerprinted, so a retry with or without it is the same order.
 */
export const OrderInputSchema = CreateOrderSchema.transform((order) =>
  order.delivery_id === DOOR_DELIVERY_ID ? order : { ...order, address: undefined },
);
