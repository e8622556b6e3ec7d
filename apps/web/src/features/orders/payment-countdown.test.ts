import { describe, expect, it } from 'vitest';
import { countdownNotice, formatTimeLeft, secondsUntil } from './payment-countdown';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');

describe('the payment’s countdown', () => {
  it('counts whole seconds to expires_at, rounding up, never below 0', () => {
    expect(secondsUntil('2026-11-23T10:14:32.000Z', NOW)).toBe(872);
    expect(secondsUntil('2026-11-23T10:00:00.400Z', NOW)).toBe(1);
    expect(secondsUntil('2026-11-23T10:00:00.000Z', NOW)).toBe(0);
    expect(secondsUntil('2026-11-23T09:59:00.000Z', NOW)).toBe(0);
  });

  it('writes minutes and seconds, and hours when there are any', () => {
    expect(formatTimeLeft(872)).toBe('14:32');
    expect(formatTimeLeft(900)).toBe('15:00');
    expect(formatTimeLeft(59)).toBe('00:59');
    expect(formatTimeLeft(0)).toBe('00:00');
    expect(formatTimeLeft(-3)).toBe('00:00');
    expect(formatTimeLeft(3725)).toBe('1:02:05');
    expect(formatTimeLeft(86_400)).toBe('24:00:00');
  });

  it('tells a screen reader only at 5, 2 and 1 minutes left and when time is up', () => {
    const notices = new Set([900, 600, 301].map(countdownNotice));
    expect(notices).toEqual(new Set([null]));
    expect(countdownNotice(300)).toBe('pay.left5');
    expect(countdownNotice(121)).toBe('pay.left5');
    expect(countdownNotice(120)).toBe('pay.left2');
    expect(countdownNotice(60)).toBe('pay.left1');
    expect(countdownNotice(1)).toBe('pay.left1');
    expect(countdownNotice(0)).toBe('pay.up');
  });
});
