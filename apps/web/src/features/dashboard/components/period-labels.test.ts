import type { Locale } from '@kopi/shared';
import { messages as en } from '@kopi/shared/i18n/en/web';
import { messages as id } from '@kopi/shared/i18n/id/web';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import type { MessageKey, MessageValues } from '../../../lib/i18n';
import { longLabel, shortLabel } from './period-labels';

/** The catalogue's own texts in a language, as `useT()` gives them. */
function translator(locale: Locale) {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === 'id' ? id : en } });
  i18n.setMessagesCompiler(compileMessage);
  return (key: MessageKey, values?: MessageValues) => i18n._(key, values);
}

describe("the dashboard's period names", () => {
  it('keep the English forms', () => {
    const t = translator('en');
    expect(shortLabel('daily', '2026-11-26T00:00:00+07:00', 'en')).toBe('26 Nov');
    expect(shortLabel('monthly', '2026-12-01T00:00:00+07:00', 'en')).toBe('Dec');
    expect(longLabel('daily', '2026-11-26T00:00:00+07:00', 'en', t)).toBe('Thu, 26 Nov 2026');
    expect(longLabel('weekly', '2026-11-23T00:00:00+07:00', 'en', t)).toBe('Week of Mon, 23 Nov 2026');
    expect(longLabel('monthly', '2026-12-01T00:00:00+07:00', 'en', t)).toBe('December 2026');
  });

  it('say days and months in Indonesian, on the shop’s date whatever the browser’s zone', () => {
    const t = translator('id');
    expect(shortLabel('monthly', '2026-12-01T00:00:00+07:00', 'id')).toBe('Des');
    expect(shortLabel('daily', '2026-08-17T00:00:00+07:00', 'id')).toBe('17 Agu');
    expect(longLabel('daily', '2026-11-26T00:00:00+07:00', 'id', t)).toBe('Kam, 26 Nov 2026');
    expect(longLabel('weekly', '2026-11-23T00:00:00+07:00', 'id', t)).toBe('Minggu mulai Sen, 23 Nov 2026');
    expect(longLabel('monthly', '2026-12-01T00:00:00+07:00', 'id', t)).toBe('Desember 2026');
  });

  it('count in each language’s plural forms', () => {
    expect(translator('en')('admin.dashboard.staffOrders', { count: 1, when: 'today' })).toBe('1 order done today');
    expect(translator('en')('admin.dashboard.staffOrders', { count: 2, when: 'today' })).toBe('2 orders done today');
    expect(translator('id')('admin.dashboard.staffOrders', { count: 2, when: 'hari ini' })).toBe('2 pesanan selesai hari ini');
    expect(translator('id')('admin.chart.empty', { period: 'weekly', count: 8 })).toBe('Belum ada pesanan dalam 8 minggu terakhir.');
    expect(translator('en')('admin.dashboard.report', { period: 'weekly' })).toBe('Weekly Report');
    expect(translator('id')('admin.dashboard.bestStaff', { period: 'monthly' })).toBe('Staf Terbaik Bulan Ini');
  });
});
