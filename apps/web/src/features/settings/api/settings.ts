import { hoursInWords, parseOpeningHours, type ShopSettingsDoc, type UpdateShopSettings } from '@kopi/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationReactions } from '../../../lib/mutation-reactions';
import { setPageMeta } from '../../../lib/shop-name';

const SETTINGS_KEY = ['shop-settings'] as const;

export const settingsQueries = {
  /** What the owner set on /settings (Admin): GET /shop/settings. */
  current: () =>
    queryOptions({
      queryKey: SETTINGS_KEY,
      queryFn: async ({ signal }) => (await apiRequest<ShopSettingsDoc>('/shop/settings', { signal })).data,
    }),
};

/**
 * The shop's name and hours as the pages read them (lib/shop-name.ts, lib/shop-hours.ts): the server
 * writes the saved ones into every page it serves from now on; this page's own <meta> follow at once.
 */
function followInPage(settings: ShopSettingsDoc): void {
  // The openings as OPENING_HOURS writes them (weekOf's way, without the schema and zod in this chunk).
  let week: ReturnType<typeof parseOpeningHours>;
  try {
    week = parseOpeningHours(settings.opening_hours.map((o) => `${o.day} ${o.opens}-${o.closes}`).join('; '));
  } catch {
    return; // the server checked them: never here
  }
  setPageMeta({ 'shop-name': settings.name, 'shop-hours': hoursInWords(week, 'en'), 'shop-hours-id': hoursInWords(week, 'id') });
}

/** PATCH /shop/settings with the settings changed; the answer is the settings as the shop keeps them. */
export function useSaveSettings(reactions: MutationReactions<ShopSettingsDoc, UpdateShopSettings> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (change: UpdateShopSettings) =>
      (await apiRequest<ShopSettingsDoc>('/shop/settings', { method: 'PATCH', body: change })).data,
    onSuccess: async (...args) => {
      const [saved] = args;
      queryClient.setQueryData(SETTINGS_KEY, saved);
      followInPage(saved);
      // GET /shop carries the hours, whether the shop is open and the bill's rates: every screen asks again.
      await queryClient.invalidateQueries({ queryKey: ['shop'] });
      await reactions.onSuccess?.(...args);
    },
  });
}
