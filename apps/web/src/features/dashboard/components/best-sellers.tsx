import { type Dashboard, formatIDR } from '@kopi/shared';
import { useT } from '../../../lib/i18n';
import { imageSources } from '../../../lib/image-url';

export function BestSellers({ sellers, currentName }: { sellers: Dashboard['best_sellers']; currentName: string }) {
  const t = useT();
  return (
    <section aria-labelledby="best-sellers-heading" className="min-w-0 rounded-3xl bg-white p-6 shadow-sm">
      <h2 id="best-sellers-heading" className="text-xl font-bold">
        {t('admin.dashboard.bestSellers')}
      </h2>
      {sellers.length === 0 ? (
        <p className="mt-3 text-roast">{t('admin.dashboard.noneSold', { when: currentName })}</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {sellers.map((s, i) => (
            <li key={s.product_id} className="flex items-center gap-3" data-testid="best-seller">
              <span className="w-5 text-right font-bold text-roast">{i + 1}</span>
              <img
                {...imageSources(s.image, 160)}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="size-12 rounded-xl object-cover"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{s.product_name}</span>
                <span className="text-sm text-roast">{t('admin.dashboard.sold', { units: s.units, revenue: formatIDR(s.revenue) })}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
