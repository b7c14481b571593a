export { GENERIC_FAILURE_MESSAGE, NETWORK_FAILURE_MESSAGE } from '@/lib/error-messages';
import { describeError } from '@/lib/error-messages';

/** What to show for a failed call: the app's one mapping of errors to words (lib/error-messages). */
export function getErrorMessage(error: unknown): string {
  return describeError(error);
}
