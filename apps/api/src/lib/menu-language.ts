import type { Locale, MenuTexts } from '@kopi/shared';

// The menu in two languages (docs/shop-rules.md#the-menu-in-two-languages): a product's and a promo's
// name and description are typed in English (the spec's fields) and, when the owner wants, in Bahasa
// Indonesia; an Indonesian page shows the Indonesian where there is one, else the English.

/** A menu text in `locale`: the Indonesian where the owner wrote one, else the English. */
export const inLanguage = (locale: Locale, english: string, indonesian: string): string =>
  locale === 'id' && indonesian !== '' ? indonesian : english;

/** Both languages' texts as typed ('' where no Indonesian was given), for the forms that edit them. */
export const menuTexts = (texts: {
  name: string;
  description: string;
  indonesian_name: string;
  indonesian_description: string;
}): MenuTexts => ({
  en: { name: texts.name, description: texts.description },
  id: { name: texts.indonesian_name, description: texts.indonesian_description },
});
