import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { type SavedOrder, type SentOutcome, useSavedOrders } from '../api/outbox';

/** The notice's text and where it leads, as the saved order stands. */
function stateOf(t: ReturnType<typeof useT>, waiting: boolean, outcome: SentOutcome | undefined) {
  if (waiting) return { text: t('offline.orderSaved'), link: { to: '/history', label: t('offline.seeSavedOrder') } };
  if (outcome?.kind === 'placed') {
    return {
      text: t('offline.placed', { number: outcome.placed.number }),
      link: { to: `/history/${outcome.placed.id}`, label: t('offline.viewOrder') },
    };
  }
  if (outcome?.kind === 'placedEarlier')
    return { text: t('offline.placedEarlier'), link: { to: '/history', label: t('offline.seeSavedOrder') } };
  // Refused: the checkout comes back with its cart as soon as it is restored (checkout.tsx); until then, why.
  if (outcome?.kind === 'refused')
    return { text: t('offline.refused', { reason: outcome.reason }), link: { to: '/history', label: t('offline.seeSavedOrder') } };
  // Sent from another tab, or cancelled there: History says which.
  return { text: t('offline.alreadySent'), link: { to: '/history', label: t('offline.seeSavedOrder') } };
}

/**
 * What Confirm and Pay says offline, at once: the order is kept on this phone and leaves when the
 * network is back. It stays with the order: once sent, it says what became of it (placed, with its
 * number and a link to it), so the page never goes on saying "offline" about an order placed.
 */
export function SavedOfflineNotice({ heading, saved, outcome }: { heading: string; saved: SavedOrder; outcome: SentOutcome | undefined }) {
  const t = useT();
  const waiting = useSavedOrders(saved.accountId).some((kept) => kept.key === saved.key);
  const { text, link } = stateOf(t, waiting, outcome);
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
        className={`mx-auto max-w-xl rounded-2xl p-5 text-lg font-semibold text-espresso ${waiting ? 'bg-honey/25' : 'bg-leaf/15'}`}
      >
        {text}
      </p>
      <ButtonLink to={link.to}>{link.label}</ButtonLink>
    </section>
  );
}
