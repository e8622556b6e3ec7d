import { ButtonLink } from '../../components/ui/button';
import { TablesAdmin } from '../../features/tables/components/tables-admin';
import { useT } from '../../lib/i18n';

/** The dine-in tables and their QR codes (docs/shop-rules.md#orders-from-the-table). */
export function TablesPage() {
  const t = useT();
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <h1 className="text-3xl font-bold">{t('admin.tables.heading')}</h1>
        <ButtonLink to="/manageorder" variant="ghost" className="py-2">
          {t('admin.tables.back')}
        </ButtonLink>
      </div>
      <TablesAdmin />
    </section>
  );
}
