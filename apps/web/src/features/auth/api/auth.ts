import type { LoginInput, LoginResult, RegisterInput } from '@kopi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationReactions } from '../../../lib/mutation-reactions';
import { clearSession, saveSession } from '../../../lib/session';

/** Signs in and keeps the session on this device (docs/decisions/spec-fidelity.md#routes-and-the-session). */
export function useLogin({ onSuccess, ...reactions }: MutationReactions<LoginResult, LoginInput> = {}) {
  return useMutation({
    ...reactions,
    mutationFn: async (input: LoginInput) => (await apiRequest<LoginResult>('/auth', { method: 'POST', body: input })).data,
    onSuccess: (...args) => {
      const [result] = args;
      saveSession({ token: result.token, role: result.payload.role, id: result.payload.id });
      return onSuccess?.(...args);
    },
  });
}

/**
 * Revokes the token on the server (docs/decisions/spec-fidelity.md#fixed), then forgets the session and everything loaded with
 * it, whether the server answered or not. The screen's onSettled runs first: it must leave a guarded
 * page before the session goes, or that page's guard would send the person home instead of to /login.
 */
export function useLogout({ onSettled, ...reactions }: MutationReactions<void, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async () => {
      await apiRequest<unknown>('/auth/logout', { method: 'POST' });
    },
    onSettled: async (...args) => {
      await onSettled?.(...args);
      clearSession();
      queryClient.clear();
    },
  });
}

export function useRegister(reactions: MutationReactions<string, RegisterInput> = {}) {
  return useMutation({
    ...reactions,
    mutationFn: async (input: RegisterInput) => (await apiRequest<unknown>('/users/register', { method: 'POST', body: input })).msg,
  });
}
