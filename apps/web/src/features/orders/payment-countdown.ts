// The countdown of an order awaiting its online payment (docs/shop-rules.md#payments): counted from
// the clock to the payment's `expires_at`, shown every second, told to a screen reader only at a few
// moments that matter (not every second).
import type { MessageKey } from '../../lib/i18n';

/** Whole seconds from `now` until `expiresAt` (ISO 8601), never below 0. */
export function secondsUntil(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

/** 872 → "14:32"; an hour or more → "1:02:05". */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}

/** The moments announced, latest first: the text changes only when one of them is passed. */
const MILESTONES = [
  { atMost: 60, text: 'pay.left1' },
  { atMost: 120, text: 'pay.left2' },
  { atMost: 300, text: 'pay.left5' },
] as const satisfies readonly { atMost: number; text: MessageKey }[];

/** What a screen reader is told of the time left: nothing new until 5 minutes, 2, 1, and when time is up. */
export function countdownNotice(seconds: number): MessageKey | null {
  if (seconds <= 0) return 'pay.up';
  return MILESTONES.find((milestone) => seconds <= milestone.atMost)?.text ?? null;
}
