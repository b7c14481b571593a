import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@wellspring/shared';
import { env } from '@/config/env';
import { readStoredToken } from './auth-storage';
import { takeEarlyGet } from './early-requests';

/** SPEC.md section 7: every call goes to the API base plus this prefix. */
export const API_PREFIX = '/v1';

/** The text the error page looks for (SPEC.md section 8). */
export const NETWORK_ERROR_MESSAGE = 'Network Error';

/**
 * What a failed call's code can be: one of the API's codes (the shared AppError enum), or one the
 * client gives itself: no answer at all, an answer without the envelope, or a code this build
 * does not know (a newer API's).
 */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR' | 'UNKNOWN_ERROR';

/** The API's code, when this build knows it; 'UNKNOWN_ERROR' otherwise. */
export function toApiErrorCode(code: unknown): ApiErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code)
    ? (code as ErrorCode)
    : 'UNKNOWN_ERROR';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A failed call: the API's error envelope, parsed once, or a network failure (statusCode 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly statusCode: number;
  readonly requestId: string | undefined;
  readonly issues: ErrorBody['issues'];

  constructor(
    code: ApiErrorCode,
    statusCode: number,
    message: string,
    extra: { requestId?: string; issues?: ErrorBody['issues']; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.code = code;
    this.statusCode = statusCode;
    this.requestId = extra.requestId;
    this.issues = extra.issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the error is the API's answer with this code. */
export function hasErrorCode(error: unknown, code: ApiErrorCode): error is ApiError {
  return isApiError(error) && error.code === code;
}

/** True for a 4xx answer: the request itself is wrong, so trying again cannot help. */
export function isClientError(error: unknown): boolean {
  return isApiError(error) && error.statusCode >= 400 && error.statusCode < 500;
}

/**
 * SPEC.md section 6: all calls send the bearer token except these two, and the clinician's page
 * (decision 084), which holds only a link's token: a session in the same browser is not theirs.
 */
const CALLS_WITHOUT_BEARER: readonly { method: HttpMethod; path: string }[] = [
  { method: 'GET', path: '/auth/google' },
  { method: 'GET', path: '/background' },
  { method: 'POST', path: '/shared-reports/open' },
  { method: 'POST', path: '/shared-reports/pdf' },
  { method: 'POST', path: '/shared-reports/csv' },
];

/** True when a call carries the bearer token (path without the prefix and the query). */
export function sendsBearer(method: HttpMethod, path: string): boolean {
  const bare = path.split('?')[0]!.replace(/\/+$/, '');
  return !CALLS_WITHOUT_BEARER.some((call) => call.method === method && call.path === bare);
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** The full URL of a call: base, prefix, path and the defined query parameters. */
export function buildApiUrl(path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return `${env.API_BASE}${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { status?: unknown }).status === 'fail' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Turns a failed answer into an ApiError, from the envelope when there is one. */
export function toApiError(status: number, payload: unknown): ApiError {
  if (isErrorBody(payload)) {
    return new ApiError(
      toApiErrorCode(payload.code),
      typeof payload.statusCode === 'number' ? payload.statusCode : status,
      payload.message,
      { requestId: payload.requestId, issues: payload.issues },
    );
  }
  return new ApiError('HTTP_ERROR', status, `Request failed with status code ${status}`);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  /** A file sent as it is, in place of a JSON body, with its media type. */
  upload?: { file: Blob; type: string };
  signal?: AbortSignal;
}

/** Calls the API and answers its JSON body; throws an ApiError for anything but success. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.upload) headers['Content-Type'] = options.upload.type;
  const token = sendsBearer(method, path) ? readStoredToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = buildApiUrl(path, options.query);
  let response: Response;
  try {
    // The page may have asked already, before the app's code arrived (src/app-boot.ts).
    response = await ((method === 'GET' ? takeEarlyGet(url, token) : undefined) ??
      fetch(url, {
        method,
        headers,
        body:
          options.upload?.file ??
          (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: options.signal,
      }));
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError('NETWORK_ERROR', 0, NETWORK_ERROR_MESSAGE, { cause: error });
  }

  const payload = await readBody(response).catch(() => null);
  if (!response.ok) throw toApiError(response.status, payload);
  if (isErrorBody(payload)) throw toApiError(response.status, payload);
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('DELETE', path, options),
};

/** `{ status: 'success', data }`: what most calls answer. */
export interface SuccessBody<T> {
  status: 'success';
  data: T;
}
