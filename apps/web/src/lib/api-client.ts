import { API_BASE, ERROR_STATUS, type ErrorCode, type Meta, TOKEN_HEADER } from '@kopi/shared';
import { currentLocale, t } from './i18n';
import { clearSession, readSession } from './session';

// docs/architecture.md#the-api-contract: every answer is { msg, data, meta? } or { msg, code, errors? }.

export interface ApiSuccess<T> {
  msg: string;
  data: T;
  meta?: Meta;
}

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldError[];
  /** The answer's Retry-After in seconds, when it sent one (a 409 "still being placed", a 429, a 503). */
  readonly retryAfter: number | undefined;

  constructor(status: number, message: string, code: string, fieldErrors: FieldError[] = [], retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.retryAfter = retryAfter;
  }
}

/**
 * Whether an error is the API's refusal with this code, sent with the code's status
 * (packages/shared/src/error-codes.ts): the one way the web tests for a code, so a code renamed on
 * either side fails the type check.
 */
export function isApiError(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code && error.status === ERROR_STATUS[code];
}

/** Leaves for /login; on 401 it also forgets the refused session, once the guarded page is gone. `message` is the server's. */
type AuthFailureListener = (status: 401 | 403, message: string) => void;
let onAuthFailure: AuthFailureListener | null = null;

/**
 * The layout registers how to leave for /login when the server refuses the session
 * (docs/decisions/spec-fidelity.md#routes-and-the-session).
 */
export function setAuthFailureListener(listener: AuthFailureListener | null): void {
  onAuthFailure = listener;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  /** A plain object is sent as JSON, a FormData as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<Record<string, unknown> | null> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return null;
  return (await response.json()) as Record<string, unknown>;
}

/** Sends a request with the session's token; a dropped connection becomes an ApiError (status 0). */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const session = readSession();
  // The server answers its messages in the page's language.
  const headers: Record<string, string> = { 'accept-language': currentLocale(), ...options.headers };
  if (session) headers[TOKEN_HEADER] = session.token;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, t('error.network'), 'network_error');
  }
}

/** Retry-After as seconds; only its delay-seconds form, which is the one this API sends. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/** The error of a refused request; a refused session also starts the way to /login (docs/decisions/spec-fidelity.md#routes-and-the-session). */
async function failure(response: Response, signedIn: boolean): Promise<ApiError> {
  const payload = await readBody(response);
  const message = typeof payload?.msg === 'string' ? payload.msg : `${t('error.server')} (${response.status})`;
  const code = typeof payload?.code === 'string' ? payload.code : 'http_error';
  const fieldErrors = Array.isArray(payload?.errors) ? (payload.errors as FieldError[]) : [];

  // A refused session (expired or revoked token, or the wrong role) sends the person to /login.
  // A 401 without a token is an ordinary answer (e.g. a wrong password) and is left to the caller.
  if (response.status === 401 && signedIn) {
    if (onAuthFailure) onAuthFailure(401, message);
    else clearSession();
  } else if (response.status === 403) {
    onAuthFailure?.(403, message);
  }
  return new ApiError(response.status, message, code, fieldErrors, retryAfterOf(response));
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
  const signedIn = readSession() !== null;
  return readAnswer<T>(await send(path, options), signedIn);
}

/**
 * An answer of the API's, read as apiRequest reads it: its success, or its refusal thrown as an
 * ApiError. Also for an answer the service worker got and kept (an order saved offline).
 */
export async function readAnswer<T>(response: Response, signedIn: boolean): Promise<ApiSuccess<T>> {
  if (!response.ok) throw await failure(response, signedIn);
  return (await readBody(response)) as unknown as ApiSuccess<T>;
}

/** A file the API answers (a CSV report): the response, its body still to be read; failures as apiRequest's. */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<Response> {
  const signedIn = readSession() !== null;
  const response = await send(path, options);
  if (!response.ok) throw await failure(response, signedIn);
  return response;
}

/**
 * Opens a Server-Sent-Events stream with fetch, which (unlike EventSource) can send the token as
 * `Authorization: Bearer`. Answers the open response; a refusal throws an ApiError like apiRequest.
 * A dropped network rejects with fetch's own TypeError, so that the reader can tell it from a refusal.
 */
export async function openEventStream(path: string, options: { lastEventId?: string; signal: AbortSignal }): Promise<Response> {
  const session = readSession();
  const headers: Record<string, string> = { accept: 'text/event-stream', 'accept-language': currentLocale() };
  if (session) headers.authorization = `Bearer ${session.token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const response = await fetch(buildUrl(path, undefined), { headers, signal: options.signal, cache: 'no-store' });
  if (!response.ok) throw await failure(response, session !== null);
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    await response.body?.cancel();
    throw new ApiError(response.status, t('error.notEventStream'), 'not_event_stream');
  }
  return response;
}

/** Whether asking again may help: a dropped connection or a server fault, not a refused request. */
export function canRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** The message to show a person for any failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const details = error.fieldErrors.map((e) => e.message).filter((m) => m !== error.message);
    return details.length ? `${error.message}: ${details.join(', ')}` : error.message;
  }
  if (error instanceof Error) return error.message;
  return t('error.server');
}
