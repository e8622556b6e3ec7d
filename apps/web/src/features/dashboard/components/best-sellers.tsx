import { type Dashboard, formatIDR } from '@kopi/shared';
import { imageSources } from '../../../lib/image-url';

export function BestSellers({ sellers, currentName }: { sellers: Dashboard['best_sellers']; currentName: string }) {
  return (
    <section aria-labelledby="best-sellers-heading" className="min-w-0 rounded-3xl bg-white p-6 shadow-sm">
      <h2 id="best-sellers-heading" className="text-xl font-bold">
        Best Sellers
      </h2>
      {sellers.length === 0 ? (
        <p className="mt-3 text-roast">Nothing sold {currentName} yet: the best sellers show once an order is done.</p>
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
                <span className="text-sm text-roast">
                  {s.units} sold · {formatIDR(s.revenue)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
