import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../components/ui/error-message';
import { PageSpinner } from '../../components/ui/spinner';
import { settingsQueries } from '../../features/settings/api/settings';
import { SettingsForm } from '../../features/settings/components/settings-form';
import { canRetry, errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';

/** The owner's settings (docs/shop-rules.md#settings): who the shop is, its hours, its tax and service, its receipts. */
export function SettingsPage() {
  const t = useT();
  const settings = useQuery(settingsQueries.current());
  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">{t('admin.settings.heading')}</h1>
        <p className="text-roast">{t('admin.settings.intro')}</p>
      </div>
      {settings.isPending && <PageSpinner />}
      {settings.isError && (
        <ErrorMessage message={errorMessage(settings.error)} onRetry={canRetry(settings.error) ? () => settings.refetch() : undefined} />
      )}
      {settings.data && <SettingsForm settings={settings.data} />}
    </section>
  );
}
