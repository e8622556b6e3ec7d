import { PromoForm } from '../../features/promos/components/promo-form';
import { useT } from '../../lib/i18n';

export function PromoNewPage() {
  const t = useT();
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{t('admin.promo.addHeading')}</h1>
      <PromoForm />
    </section>
  );
}
