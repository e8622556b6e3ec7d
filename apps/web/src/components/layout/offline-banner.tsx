import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n';
import { menuStoredAt } from '../../lib/offline-caches';
import { shopClockTime } from '../../lib/shop-clock';
import { useOnline } from '../../lib/use-online';

/**
 * Offline, every screen says so, and how old the menu it shows is: the time this phone last fetched
 * it, on the shop's clock (docs/decisions/offline-and-caching.md).
 */
export function OfflineBanner() {
  const t = useT();
  const online = useOnline();
  const [storedAt, setStoredAt] = useState<Date | null>(null);

  useEffect(() => {
    if (online) return;
    let current = true;
    menuStoredAt().then(
      (at) => current && setStoredAt(at),
      (error: unknown) => console.error('The stored menu could not be read:', error),
    );
    return () => {
      current = false;
    };
  }, [online]);

  if (online) return null;
  return (
    <p role="status" data-testid="offline-banner" className="bg-honey px-4 py-2 text-center text-sm font-semibold text-espresso">
      {storedAt ? t('offline.banner', { time: shopClockTime(storedAt) }) : t('offline.bannerNothingSaved')}
    </p>
  );
}
