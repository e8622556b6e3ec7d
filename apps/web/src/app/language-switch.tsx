import { LOCALE_NAMES, type Locale } from '@kopi/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountLocale, profileQueries, saveAccountLocale } from '../features/profile/api/profile';
import { errorMessage } from '../lib/api-client';
import { loadLocale, useLocale } from '../lib/i18n';
import { rememberLocale } from '../lib/locale-choice';
import { useSession } from '../lib/session';
import { toast } from '../lib/toast';
import { useHydrated } from '../lib/use-hydrated';

const OTHER: Record<Locale, Locale> = { en: 'id', id: 'en' };

async function showIn(locale: Locale): Promise<void> {
  rememberLocale(locale);
  await loadLocale(locale);
}

/**
 * The shop's answers hold sentences of the server's (a coupon's reason, a refusal) in the language
 * they were asked in: once the page and the account (which the server reads first) are in the new
 * one, those on screen are asked again.
 */
function askAgainInTheNewLanguage(queryClient: QueryClient): void {
  void queryClient.invalidateQueries();
}

/**
 * Offers the other language, named in itself ("Bahasa Indonesia" on an English page, "English" on an
 * Indonesian one). Every text changes at once, in place: nothing reloads, so the cart and a half-typed
 * form stay. Signed in, the choice is kept on the account too.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const locale = useLocale();
  const other = OTHER[locale];
  // A tap before the scripts run on a page the server rendered would do nothing: not offered until then.
  const hydrated = useHydrated();
  const session = useSession();
  const queryClient = useQueryClient();
  useAccountLocale(session?.id);

  const choose = () => {
    showIn(other)
      .then(() => session && saveAccountLocale(queryClient, other))
      .then(() => askAgainInTheNewLanguage(queryClient))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  };

  return (
    <button
      type="button"
      lang={other}
      onClick={choose}
      disabled={!hydrated}
      className={`rounded-lg border border-crema/30 px-3 py-1.5 text-sm font-semibold whitespace-nowrap hover:text-honey ${className}`}
    >
      {LOCALE_NAMES[other]}
    </button>
  );
}

/** The session whose account's language the page took: the account's choice applies once, on signing in, not over a later switch. */
let adoptedFor: number | undefined;

/** On signing in, the language the account chose (on any device) becomes the page's. */
function useAccountLocale(sessionId: number | undefined): void {
  const queryClient = useQueryClient();
  const { data: profile } = useQuery(profileQueries.mine(sessionId));
  const chosen = accountLocale(profile);
  const locale = useLocale();
  useEffect(() => {
    if (sessionId === undefined || profile === undefined || adoptedFor === sessionId) return;
    adoptedFor = sessionId;
    if (chosen && chosen !== locale) {
      showIn(chosen)
        .then(() => askAgainInTheNewLanguage(queryClient))
        .catch((error: unknown) => toast.error(errorMessage(error)));
    }
  }, [sessionId, profile, chosen, locale, queryClient]);
}
