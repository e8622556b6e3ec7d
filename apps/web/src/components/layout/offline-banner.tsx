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
    // At the foot of the screen, where it stays in sight however far the page is scrolled.
    <p
      role="status"
      data-testid="offline-banner"
      className="fixed inset-x-0 bottom-0 z-30 bg-honey px-4 py-3 text-center text-sm font-semibold text-espresso shadow-[0_-2px_8px_rgb(47_27_18/0.2)]"
    >
      {storedAt ? t('offline.banner', { time: shopClockTime(storedAt) }) : t('offline.bannerNothingSaved')}
    </p>
  );
}
