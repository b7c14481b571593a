import { describe, expect, it } from 'vitest';
import { DIALOG_NAMES } from '@/config/dialogs';
import { isDismissibleDialog } from '@/components/ui/dialog';
import { dialogRegistry } from './dialogs';

describe('the app dialogs', () => {
  it('registers every dialog of the spec (the developer one in development builds)', () => {
    expect(import.meta.env.DEV).toBe(true);
    expect(Object.keys(dialogRegistry).sort()).toEqual([...DIALOG_NAMES].sort());
  });

  it('lets all but diaryCreation and newDay close on a click outside', () => {
    expect(DIALOG_NAMES.filter((name) => !isDismissibleDialog(name))).toEqual([
      'diaryCreation',
      'newDay',
    ]);
  });
});
