import { ButtonLink } from '../../components/ui/button';
import { OrderBoard } from '../../features/orders/components/order-board';
import { ORDER_TEXT } from '../../features/orders/texts';
import { SHOP_NAME } from '../../lib/shop-name';

/** The staff board (admins): Pending, Preparing and Ready side by side, live. */
export function OrderBoardPage() {
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold">{ORDER_TEXT.boardHeading}</h1>
        <ButtonLink to="/manageorder" variant="ghost" className="py-2">
          {ORDER_TEXT.manageOrderLink}
        </ButtonLink>
      </div>
      <OrderBoard shopName={SHOP_NAME} />
    </section>
  );
}
