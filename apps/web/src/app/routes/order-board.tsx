import { can } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../components/ui/button';
import { stationOf } from '../../features/kitchen-display/board-model';
import { OrderBoard } from '../../features/kitchen-display/components/order-board';
import { PrinterBanner } from '../../features/printers/components/printer-banner';
import { shopQueries } from '../../features/shop/api/shop';
import { useT } from '../../lib/i18n';
import { useSearchParams } from '../../lib/router';
import { useSession } from '../../lib/session';
import { shopName } from '../../lib/shop-name';

/** Until the shop's answer is in, the server's default (docs/shop-rules.md#the-counter). */
const LATE_AFTER_MINUTES_DEFAULT = 10;
const PREORDER_LEAD_MINUTES_DEFAULT = 15;

/** The kitchen display (every member of staff: docs/shop-rules.md#staff-and-roles): Pending, Preparing and Ready side by side, live; ?station=bar|kitchen shows one station's lines. */
export function OrderBoardPage() {
  const t = useT();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const station = stationOf(params.get('station'));
  const shop = useQuery(shopQueries.info());

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold">{t('admin.board.heading')}</h1>
        {can(session?.role, 'counter') && (
          <ButtonLink to="/manageorder" variant="ghost" className="py-2">
            {t('admin.board.manageLink')}
          </ButtonLink>
        )}
      </div>
      <PrinterBanner />
      <OrderBoard
        shopName={shopName()}
        station={station}
        onStationChange={(next) => setParams(next ? { station: next } : {}, { replace: true })}
        lateAfterMinutes={shop.data?.late_after_minutes ?? LATE_AFTER_MINUTES_DEFAULT}
        leadMinutes={shop.data?.preorder_lead_minutes ?? PREORDER_LEAD_MINUTES_DEFAULT}
      />
    </section>
  );
}
