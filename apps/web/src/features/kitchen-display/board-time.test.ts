import type { Locale } from '@kopi/shared';
import { messages as en } from '@kopi/shared/i18n/en/web';
import { messages as id } from '@kopi/shared/i18n/id/web';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import type { MessageKey, MessageValues } from '../../lib/i18n';
import { formatMoment } from '../../lib/shop-moment';
import { formatStageTime, timeUnits } from './board-model';

function translator(locale: Locale) {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === 'id' ? id : en } });
  i18n.setMessagesCompiler(compileMessage);
  return (key: MessageKey, values?: MessageValues) => i18n._(key, values);
}

const THURSDAY_1PM_JAKARTA = new Date('2026-11-26T06:00:00Z');

describe('the staff screens’ times in the page’s language', () => {
  it('write a moment on the shop’s clock as each language does', () => {
    expect(formatMoment(THURSDAY_1PM_JAKARTA, 'Asia/Jakarta', 'en', translator('en'))).toBe('Thu 26 Nov at 13:00');
    expect(formatMoment(THURSDAY_1PM_JAKARTA, 'Asia/Jakarta', 'id', translator('id'))).toBe('Kam, 26 Nov 13.00');
  });

  it('write a card’s time in its stage with the language’s units', () => {
    const id = timeUnits(translator('id'));
    expect(formatStageTime(42_000, id)).toBe('42 dtk');
    expect(formatStageTime(65 * 60_000, id)).toBe('1 j 5 mnt');
    expect(formatStageTime(65 * 60_000, timeUnits(translator('en')))).toBe('1 h 5 min');
  });
});
