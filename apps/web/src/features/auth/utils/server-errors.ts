import { isApiError } from '@/lib/api-client';

/** The message a form shows for a failed call: the server's own, or a plain network notice. */
export function getFormErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'NETWORK_ERROR') {
      return 'Network Error: we could not reach Wellspring. Please check your connection and try again.';
    }
    return error.message;
  }
  return 'Something went wrong, please try again later.';
}

/** The field-by-field problems of a 400 answer ('body.email' becomes 'email'). */
export function getServerFieldErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!isApiError(error) || !error.issues) return fields;
  for (const issue of error.issues) {
    const field = issue.path.replace(/^body\.?/, '').split('.')[0];
    if (field && !(field in fields)) fields[field] = issue.message;
  }
  return fields;
}
