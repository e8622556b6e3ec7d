import { useT } from '../lib/i18n';
import { useLiveState } from '../lib/live-orders/live-orders';
import { useOnline } from '../lib/use-online';

/** Says whether the screen follows the shop live; a dropped connection is said, never hidden. */
export function LiveStatus({ className = '' }: { className?: string }) {
  const { phase, error } = useLiveState();
  const online = useOnline();
  const t = useT();
  if (phase === 'off') return null;
  if (phase === 'live') {
    return (
      <p className={`inline-flex items-center gap-2 text-sm font-semibold text-leaf ${className}`} data-testid="live-status">
        <span aria-hidden="true" className="size-2.5 rounded-full bg-leaf" />
        {t('live.on')}
      </p>
    );
  }
  // The device has no network: said as such, not as a fault of the shop's; the stream catches up once it is back.
  if (!online) {
    return (
      <div
        role="alert"
        data-testid="live-status"
        className={`rounded-xl border border-caramel/40 bg-honey/15 p-3 text-sm text-espresso ${className}`}
      >
        <p className="font-bold">{t('offline.reconnecting')}</p>
        <p>{t('live.reconnectingHint')}</p>
      </div>
    );
  }
  if (phase === 'connecting') {
    return (
      <p className={`text-sm text-roast ${className}`} data-testid="live-status">
        {t('live.connecting')}
      </p>
    );
  }
  const reconnecting = phase === 'reconnecting';
  return (
    <div
      role="alert"
      data-testid="live-status"
      className={`rounded-xl border p-3 text-sm ${reconnecting ? 'border-caramel/40 bg-honey/15 text-espresso' : 'border-berry/30 bg-berry/5 text-berry'} ${className}`}
    >
      <p className="font-bold">{reconnecting ? t('live.reconnecting') : t('live.failed')}</p>
      <p>{reconnecting ? t('live.reconnectingHint') : error}</p>
    </div>
  );
}
