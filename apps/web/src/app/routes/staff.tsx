import { AddMemberForm } from '../../features/staff/components/add-member-form';
import { StaffList } from '../../features/staff/components/staff-list';
import { useT } from '../../lib/i18n';

/** The staff (docs/shop-rules.md#staff-and-roles): add a member, change a role or a PIN, deactivate. */
export function StaffPage() {
  const t = useT();
  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">{t('admin.staff.heading')}</h1>
        <p className="text-roast">{t('admin.staff.intro')}</p>
      </div>
      <AddMemberForm />
      <StaffList />
    </section>
  );
}
