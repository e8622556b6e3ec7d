// The countdown of an order awaiting its online payment (docs/shop-rules.md#payments): counted from
// the clock to the payment's `expires_at`, shown every second, told to a screen reader only at a few
// moments that matter (not every second).

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
  { atMost: 60, text: 'Less than 1 minute left to pay' },
  { atMost: 120, text: 'Less than 2 minutes left to pay' },
  { atMost: 300, text: 'Less than 5 minutes left to pay' },
] as const;

/** What a screen reader is told of the time left: nothing new until 5 minutes, 2, 1, and when time is up. */
export function countdownNotice(seconds: number): string {
  if (seconds <= 0) return 'The time to pay is up';
  return MILESTONES.find((milestone) => seconds <= milestone.atMost)?.text ?? '';
}
