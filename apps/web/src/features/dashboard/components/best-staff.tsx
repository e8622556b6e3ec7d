import type { Dashboard } from '@kopi/shared';
import { useT } from '../../../lib/i18n';
import { imageSources } from '../../../lib/image-url';

export function BestStaff({ staff, heading, currentName }: { staff: Dashboard['best_staff']; heading: string; currentName: string }) {
  const t = useT();
  return (
    <section aria-labelledby="best-staff-heading" className="rounded-3xl bg-white p-6 text-center shadow-sm">
      <h2 id="best-staff-heading" className="text-xl font-bold">
        {heading}
      </h2>
      {staff ? (
        <div data-testid="best-staff">
          {staff.image ? (
            <img
              {...imageSources(staff.image, 160)}
              alt={staff.display_name}
              width={80}
              height={80}
              className="mx-auto mt-4 size-20 rounded-full object-cover"
            />
          ) : (
            <div
              aria-hidden="true"
              className="mx-auto mt-4 flex size-20 items-center justify-center rounded-full bg-crema font-display text-3xl font-bold"
            >
              {staff.display_name.slice(0, 1).toUpperCase()}
            </div>
          )}
          <p className="mt-3 text-lg font-bold break-words">{staff.display_name}</p>
          <p className="text-roast">{t('admin.dashboard.staffOrders', { count: staff.orders, when: currentName })}</p>
        </div>
      ) : (
        <p className="mt-3 text-roast">{t('admin.dashboard.noStaff', { when: currentName })}</p>
      )}
    </section>
  );
}
