// The shop speaks English (the specification's texts, word for word) and Bahasa Indonesia.
// docs/decisions/i18n-lingui.md says how texts are kept and chosen.

export const LOCALES = ['en', 'id'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * The cookie that carries a person's chosen language (set by the screens, 1 year, Path=/), so the
 * server's first HTML is in it before any script runs. Without it: Accept-Language.
 */
export const LOCALE_COOKIE = 'kopi_locale';

/** Each language named in itself, for the switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', id: 'Bahasa Indonesia' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

// `in` is the old ISO code of Indonesian, still sent by some Android and Java clients. A Map: a tag a
// client sends ("constructor", "__proto__") must never find a prototype's property (docs/security.md).
const PRIMARY_TO_LOCALE = new Map<string, Locale>([
  ['en', 'en'],
  ['id', 'id'],
  ['in', 'id'],
]);

/**
 * The shop's language for a person's preferences: an Accept-Language header ("id-ID,id;q=0.9,en;q=0.8")
 * or the browser's `navigator.languages`, most preferred first. The first language the shop speaks
 * wins; none of them (or nothing sent) gives English.
 */
export function pickLocale(preferences: string | readonly string[] | null | undefined): Locale {
  const tags = typeof preferences === 'string' ? byQuality(preferences) : (preferences ?? []);
  for (const tag of tags) {
    const locale = PRIMARY_TO_LOCALE.get(tag.trim().toLowerCase().split(/[-_]/)[0] ?? '');
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's tags, highest quality first (ties keep their order); q=0 means "not this". */
function byQuality(header: string): string[] {
  return header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}
