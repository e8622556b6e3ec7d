import type { LoginInput, LoginResult, RegisterInput } from '@kopi/shared';
import { apiRequest } from '../../../lib/api-client';

export async function login(input: LoginInput): Promise<LoginResult> {
  const { data } = await apiRequest<LoginResult>('/auth', { method: 'POST', body: input });
  return data;
}

/** Revokes the token on the server (DESIGN §2.3). */
export async function logout(): Promise<void> {
  await apiRequest<unknown>('/auth/logout', { method: 'POST' });
}

export async function register(input: RegisterInput): Promise<string> {
  const { msg } = await apiRequest<unknown>('/users/register', { method: 'POST', body: input });
  return msg;
}
