import type { PasswordResetWay, Shop } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * How a forgotten password is reset here (GET /shop's password_reset; docs/shop-rules.md#forgotten-passwords): undefined
 * until the shop answers, 'email' when it cannot be asked (the form then says what goes wrong). The
 * shop's answer is cached under the key features/shop's queries use for it.
 */
export function usePasswordResetWay(): PasswordResetWay | undefined {
  const shop = useQuery({
    queryKey: ['shop', 'info'],
    queryFn: async ({ signal }) => (await apiRequest<Shop>('/shop', { signal })).data,
  });
  return shop.data?.password_reset ?? (shop.isError ? 'email' : undefined);
}
