import { ButtonLink } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

/** What Confirm and Pay says offline, at once: the order is kept on this phone and leaves when the network is back. */
export function SavedOfflineNotice({ heading }: { heading: string }) {
  const t = useT();
  return (
    <section className="space-y-6 text-center">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p
        role="status"
        data-testid="saved-offline"
        className="mx-auto max-w-xl rounded-2xl bg-honey/25 p-5 text-lg font-semibold text-espresso"
      >
        {t('offline.orderSaved')}
      </p>
      <ButtonLink to="/history">{t('offline.seeSavedOrder')}</ButtonLink>
    </section>
  );
}
