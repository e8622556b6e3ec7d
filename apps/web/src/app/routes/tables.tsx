import { ButtonLink } from '../../components/ui/button';
import { TablesAdmin } from '../../features/tables/components/tables-admin';

/** The dine-in tables and their QR codes (docs/shop-rules.md#orders-from-the-table). */
export function TablesPage() {
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <h1 className="text-3xl font-bold">Tables</h1>
        <ButtonLink to="/manageorder" variant="ghost" className="py-2">
          ← Manage order
        </ButtonLink>
      </div>
      <TablesAdmin />
    </section>
  );
}
