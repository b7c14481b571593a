import { DIARY_MAX_LENGTH } from '@wellspring/shared';
import { FormattedNumber } from '@/components/ui/formatted-number';

/**
 * Said under the diary and on a refused save: the text is kept whole, nothing is cut. The limit
 * shows in German format ('20.000') and is read the English way ('20,000').
 */
export function DiaryTooLongMessage() {
  return (
    <>
      This is longer than a diary entry can be (<FormattedNumber value={DIARY_MAX_LENGTH} />{' '}
      characters). Shorten it a little to save it: nothing has been cut.
    </>
  );
}
