import { isRouteErrorResponse } from 'react-router';
import { isApiError, NETWORK_ERROR_MESSAGE } from './api-client';

/** Texts the error page recognises (SPEC.md section 8). */
export const ROUTE_NOT_FOUND_TEXT = 'No route matches URL';
export const USER_DATA_ERROR_TEXT = 'User data with the id of';

export type ErrorKind = 'notFound' | 'network' | 'userData' | 'default';

export interface ErrorContent {
  kind: ErrorKind;
  /** The status code, or 'Oh No!' when there is none. */
  code: string;
  title: string;
  message: string;
  /** The saved session leads nowhere: the stored token and id are cleared. */
  clearsSession: boolean;
}

/** The text of any thrown value, as the mapping reads it. */
export function getErrorText(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    const dataText =
      typeof data === 'string'
        ? data
        : typeof (data as { message?: unknown } | null)?.message === 'string'
          ? (data as { message: string }).message
          : '';
    const inner = (error as { error?: unknown }).error;
    const innerText = inner instanceof Error ? inner.message : '';
    return [String(error.status), error.statusText, dataText, innerText].filter(Boolean).join(' ');
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

function getStatusCode(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return String(error.status);
  if (isApiError(error) && error.statusCode > 0) return String(error.statusCode);
  return undefined;
}

/** SPEC.md section 8: what the error page says, by the text of the error. */
export function getErrorContent(error: unknown): ErrorContent {
  const text = getErrorText(error);
  const code = getStatusCode(error) ?? 'Oh No!';
  if (text.includes(ROUTE_NOT_FOUND_TEXT)) {
    return {
      kind: 'notFound',
      code,
      title: 'Page Not Found',
      message: 'Sorry, the page you are looking for does not exist.',
      clearsSession: false,
    };
  }
  if (text.includes(NETWORK_ERROR_MESSAGE)) {
    return {
      kind: 'network',
      code,
      title: 'There Was A Problem With Our Service',
      message: 'Our server is having some issues at the moment. Please try again later.',
      clearsSession: false,
    };
  }
  if (text.includes(USER_DATA_ERROR_TEXT)) {
    return {
      kind: 'userData',
      code: 'Oh No!',
      title: 'Something Went Wrong',
      message: 'Failed to retrieve your account data. Please log in again.',
      clearsSession: true,
    };
  }
  return {
    kind: 'default',
    code,
    title: 'Something Went Wrong',
    message: 'There was a problem, please try again later.',
    clearsSession: false,
  };
}

/** The status or the message, as the generic router error page shows it. */
export function getErrorSummary(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return getErrorText(error);
}
