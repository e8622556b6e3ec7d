import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { messages as en } from './en/index.ts';
import { messages as id } from './id/index.ts';
import type { CommonKey, IssueLike, IssueValues } from './issues.ts';
import { issueText } from './issues.ts';
import type { Locale } from './locale.ts';

// For the shared tests only: the catalogues' texts as a person reads them, compiled at run time.
const instances = Object.fromEntries(
  (['en', 'id'] as const).map((locale) => {
    const i18n = setupI18n({ locale, messages: { [locale]: locale === 'en' ? en : id } });
    i18n.setMessagesCompiler(compileMessage);
    return [locale, i18n];
  }),
) as Record<Locale, ReturnType<typeof setupI18n>>;

export const translate = (locale: Locale) => (key: CommonKey, values: IssueValues) => instances[locale]._(key, values);

/** An issue's message as the screens and the server show it in a language. */
export const shownText = (issue: IssueLike, locale: Locale = 'en') => issueText(issue, translate(locale));
