import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../components/ui/error-message';
import { PageSpinner } from '../../components/ui/spinner';
import { promoQueries } from '../../features/promos/api/promos';
import { PromoForm } from '../../features/promos/components/promo-form';
import { canRetry } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { Link, useParams } from '../../lib/router';

export function PromoEditPage() {
  const t = useT();
  const promo = useQuery(promoQueries.detail(Number(useParams().id)));
  return (
    <section className="space-y-6">
      <nav aria-label={t('admin.promo.breadcrumb')} className="text-sm text-roast">
        <Link to="/product" className="inline-block rounded py-1 hover:underline">
          {t('admin.promo.breadcrumbList')}
        </Link>{' '}
        <span aria-hidden="true">&gt;</span> <span className="font-bold text-espresso">{t('admin.promo.breadcrumbEdit')}</span>
      </nav>
      <h1 className="text-3xl font-bold">{t('admin.promo.editHeading')}</h1>
      {promo.isPending && <PageSpinner />}
      {/* A promo that cannot be loaded says so (docs/decisions/spec-fidelity.md#kept-word-for-word). */}
      {promo.isError && <ErrorMessage message={t('promoLoadFailed')} onRetry={canRetry(promo.error) ? () => promo.refetch() : undefined} />}
      {promo.data && <PromoForm key={promo.data.id} promo={promo.data} />}
    </section>
  );
}
