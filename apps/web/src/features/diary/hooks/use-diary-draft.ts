import { useCallback, useState } from 'react';
import { readDeviceDraft, writeDeviceDraft } from '@/lib/device-drafts';
import { useSession } from '@/lib/auth';

/** The key of the signed-in user's diary draft (one per user on a shared device). */
export function getDiaryDraftKey(userId: string): string {
  return `diary.${userId}`;
}

/**
 * The diary entry being written, kept on this device until it is saved: a reload, a closed tab or
 * a trip from onboarding to My Diary keeps the words. `clear` forgets it (after a save); signing
 * out clears every draft.
 */
export function useDiaryDraft() {
  const { userId } = useSession();
  const key = userId ? getDiaryDraftKey(userId) : null;
  const [draft, setDraft] = useState(() => ({ key, content: key ? readDeviceDraft(key) : '' }));
  if (draft.key !== key) {
    // Another account on this device: its own draft.
    setDraft({ key, content: key ? readDeviceDraft(key) : '' });
  }

  const setContent = useCallback(
    (content: string) => {
      setDraft({ key, content });
      if (key) writeDeviceDraft(key, content);
    },
    [key],
  );
  const clear = useCallback(() => setContent(''), [setContent]);
  const content = draft.key === key ? draft.content : '';
  return { content, setContent, clear };
}
