import { isApiError } from '@/lib/api-client';

export const NETWORK_FAILURE_MESSAGE =
  'Network Error: we could not reach Wellspring. Please check your connection and try again.';
export const GENERIC_FAILURE_MESSAGE = 'Something went wrong, please try again later.';

/** What to show for a failed call: the server's own message, or a plain network notice. */
export function getErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    return error.code === 'NETWORK_ERROR' ? NETWORK_FAILURE_MESSAGE : error.message;
  }
  if (error instanceof Error && error.name === 'ImportFileError') return error.message;
  return GENERIC_FAILURE_MESSAGE;
}
