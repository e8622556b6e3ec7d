import { type OrderStreamEvent, OrderStreamEventSchema } from '@kopi/shared';
import { t } from '../i18n';

// Checking an event against the contract takes zod and the order's schemas: this module is fetched
// when the stream's first order event arrives, so that no page's first load carries them (its budget
// of gzipped JavaScript).

/** An event's data, checked against the contract (packages/shared) before any screen sees it. */
export function readEvent(data: string): OrderStreamEvent {
  const parsed = OrderStreamEventSchema.safeParse(JSON.parse(data));
  if (!parsed.success) throw new Error(`${t('live.unreadable')}: ${data.slice(0, 80)}`);
  return parsed.data;
}
