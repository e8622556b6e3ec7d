import type { ChangePasswordInput, ChangePasswordResult, ForgotPasswordInput, ResetPasswordInput } from '@kopi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationReactions } from '../../../lib/mutation-reactions';
import { clearSession, readSession, saveSession } from '../../../lib/session';

/** Asks for a reset link; the server answers the same whether or not the account exists. */
export function useForgotPassword(reactions: MutationReactions<string, ForgotPasswordInput> = {}) {
  return useMutation({
    ...reactions,
    mutationFn: async (input: ForgotPasswordInput) => (await apiRequest<unknown>('/auth/forgot', { method: 'POST', body: input })).msg,
  });
}

/** Sets a new password from the e-mailed link. Every session of the account ends, this device's too. */
export function useResetPassword({ onSuccess, ...reactions }: MutationReactions<string, ResetPasswordInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (input: ResetPasswordInput) => (await apiRequest<unknown>('/auth/reset', { method: 'POST', body: input })).msg,
    onSuccess: (...args) => {
      clearSession();
      queryClient.clear();
      return onSuccess?.(...args);
    },
  });
}

/** Changes the password; the other devices are signed out and this one keeps going with a new token. */
export function useChangePassword({ onSuccess, ...reactions }: MutationReactions<ChangePasswordResult, ChangePasswordInput> = {}) {
  return useMutation({
    ...reactions,
    mutationFn: async (input: ChangePasswordInput) =>
      (await apiRequest<ChangePasswordResult>('/users/password', { method: 'PATCH', body: input })).data,
    onSuccess: (...args) => {
      const session = readSession();
      if (session) saveSession({ ...session, token: args[0].token });
      return onSuccess?.(...args);
    },
  });
}
