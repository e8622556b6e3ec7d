import { useT } from '../../lib/i18n';
import { applyUpdate, useUpdateReady } from '../../lib/service-worker';

/** A new version of the app takes over only when the person says so: a reload in the middle of a checkout would lose the form. */
export function UpdatePrompt() {
  const t = useT();
  const ready = useUpdateReady();
  if (!ready) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-4 bottom-4 z-40 mx-auto flex max-w-md items-center justify-between gap-4 rounded-2xl bg-espresso p-4 text-crema shadow-lg"
    >
      <span className="font-semibold">{t('offline.updateReady')}</span>
      <button
        type="button"
        onClick={applyUpdate}
        className="inline-flex min-h-11 items-center rounded-xl bg-honey px-4 font-semibold text-espresso hover:bg-crema"
      >
        {t('offline.reload')}
      </button>
    </div>
  );
}
