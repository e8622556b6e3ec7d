import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

/** What Confirm and Pay says offline, at once: the order is kept on this phone and leaves when the network is back. */
export function SavedOfflineNotice({ heading }: { heading: string }) {
  const t = useT();
  const message = useRef<HTMLParagraphElement>(null);
  // It replaces the checkout the person had scrolled down: the message is brought into sight and focused.
  useEffect(() => {
    message.current?.scrollIntoView({ block: 'center' });
    message.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className="space-y-6 text-center">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p
        ref={message}
        tabIndex={-1}
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
