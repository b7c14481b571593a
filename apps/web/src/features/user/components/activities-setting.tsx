import { Shapes } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useDialog } from '@/components/ui/dialog';

export const ACTIVITIES_SETTING_TEXT =
  'The things a check-in can name. Add your own, rename, reorder, archive or merge them.';

/**
 * The way from the profile to the activities dialog (decision 074). It opens by name: the
 * dialog is the check-in feature's, which this feature does not import.
 */
export function ActivitiesSetting() {
  const headingId = useId();
  const { open } = useDialog();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        Your activities
      </h3>
      <p className="text-sm text-ink-muted">{ACTIVITIES_SETTING_TEXT}</p>
      <Button
        variant="secondary"
        className="self-stretch sm:self-start"
        onClick={() => open('activities')}
      >
        <Shapes className="size-4" aria-hidden />
        Edit activities
      </Button>
    </section>
  );
}
