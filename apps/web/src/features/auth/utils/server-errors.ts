import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-messages';

/** The message a form shows for a failed call: the app's one mapping (lib/error-messages). */
export function getFormErrorMessage(error: unknown): string {
  return describeError(error);
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
