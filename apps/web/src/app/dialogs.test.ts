import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DIALOG_NAMES } from '@/config/dialogs';
import { isDismissibleDialog } from '@/components/ui/dialog';
import { dialogRegistry, useDailyDialogsLoaded } from './dialogs';

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

describe("the day's dialogs (decision 052)", () => {
  it('are reported loaded only once their bodies have loaded, then at once', async () => {
    const first = renderHook(() => useDailyDialogsLoaded());
    expect(first.result.current).toBe(false);
    await waitFor(() => expect(first.result.current).toBe(true));
    const later = renderHook(() => useDailyDialogsLoaded());
    expect(later.result.current).toBe(true);
  });
});
