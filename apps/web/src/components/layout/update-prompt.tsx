import { useT } from '../../lib/i18n';

/**
 * Drawn while a new version waits (app/routes/root-layout.tsx); `onReload` is lib/service-worker.ts's
 * applyUpdate, passed in so that this chunk does not share that module with the first load. It takes over only when the person says so: a reload in the middle of a checkout would lose the form. */
export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const t = useT();
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-4 bottom-4 z-40 mx-auto flex max-w-md items-center justify-between gap-4 rounded-2xl bg-espresso p-4 text-crema shadow-lg"
    >
      <span className="font-semibold">{t('offline.updateReady')}</span>
      <button
        type="button"
        onClick={onReload}
        className="inline-flex min-h-11 items-center rounded-xl bg-honey px-4 font-semibold text-espresso hover:bg-crema"
      >
        {t('offline.reload')}
      </button>
    </div>
  );
}
