import { isApiError } from './api-client';

export const NETWORK_FAILURE_MESSAGE =
  'Network Error: we could not reach Wellspring. Please check your connection and try again.';
export const GENERIC_FAILURE_MESSAGE = 'Something went wrong, please try again later.';
/** A 400 whose problems are shown beside their fields. */
export const CHECK_FIELDS_MESSAGE = 'Please check the highlighted fields and try again.';

/**
 * The words a person reads for a failed call, the one mapping of the web app: the server's own
 * message where it is written for people (the domain refusals), and plain words for what is not
 * (a field path, a server fault, no network).
 */
export function describeError(error: unknown): string {
  if (!isApiError(error)) {
    // A file the browser itself found wrong before sending: its message is written for people.
    if (error instanceof Error && error.name === 'ImportFileError') return error.message;
    return GENERIC_FAILURE_MESSAGE;
  }
  switch (error.code) {
    case 'NETWORK_ERROR':
      return NETWORK_FAILURE_MESSAGE;
    case 'VALIDATION_ERROR':
      // The schema's own sentence names a field path ('Invalid body.email: …'): its words go
      // beside the field, and the form says where to look. A refusal written for people stays.
      return /^Invalid [a-z]+\./i.test(error.message) || !error.message
        ? CHECK_FIELDS_MESSAGE
        : error.message;
    default:
      return error.message || GENERIC_FAILURE_MESSAGE;
  }
}

/** The field-by-field problems of a 400 answer ('body.email' becomes 'email'), for the forms. */
export function getFieldErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!isApiError(error) || !error.issues) return fields;
  for (const issue of error.issues) {
    const field = issue.path.replace(/^body\.?/, '').split('.')[0];
    if (field && !(field in fields)) fields[field] = issue.message;
  }
  return fields;
}
