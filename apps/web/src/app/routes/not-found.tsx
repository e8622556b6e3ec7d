import { ButtonLink } from '../../components/ui/button';
import { useT } from '../../lib/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <section className="py-16 text-center">
      <h1 className="text-4xl font-bold">{t('notFound.heading')}</h1>
      <p className="mt-4 text-roast">{t('notFound.text')}</p>
      <ButtonLink to="/product" className="mt-8">
        {t('notFound.toMenu')}
      </ButtonLink>
    </section>
  );
}
