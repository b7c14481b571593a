import type { Diary } from '@wellspring/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createElement, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/lib/auth';
import { PENDING_DIARY_ID_PREFIX, PENDING_WRITE_TEXT } from '@/lib/offline-text';
import { isDeviceOffline, queueDiaryOffline } from '@/lib/offline-writes';
import { useCreateDiary } from '../api/create-diary';
import { DiaryTooLongMessage } from '../components/diary-too-long-message';
import { isDiaryTooLong } from '../utils/diaries';
import { useDiaryDraft } from './use-diary-draft';
import { useEmptyDiaryAlert } from './use-empty-diary-alert';
import { useTodayDiary } from './use-today-diary';

/** SPEC.md section 8: the diary messages, word for word. */
export const DIARY_SAVED_MESSAGE = 'Successfuly saved your diary';
export const DIARY_SAVE_FAILED_MESSAGE =
  'Oops, something went wrong while trying to save your diary';
export const EMPTY_DIARY_MESSAGE = "Diary Can't be Empty";
export const DIARY_WRITTEN_NOTE =
  "You've written today's diary. Come back tomorrow for the next one.";

/**
 * Today's entry being written: the text (a draft kept on the device until it is saved), the empty
 * check (a notice, and a message with a red border for 2 s), the length check (refused past the
 * limit, nothing cut), the save with its notices, and the saved entry once there is one. A failed
 * save keeps the text.
 */
export function useDiaryComposer() {
  const todayState = useTodayDiary();
  const { content, setContent, clear: clearDraft } = useDiaryDraft();
  const [saved, setSaved] = useState<Diary | null>(null);
  const emptyAlert = useEmptyDiaryAlert();
  const createDiary = useCreateDiary();
  const isLocked = Boolean(todayState.todayDiary);
  const isWaiting = Boolean(todayState.todayDiary?.id.startsWith(PENDING_DIARY_ID_PREFIX));
  const queryClient = useQueryClient();
  const { userId } = useSession();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (isLocked || createDiary.isPending) return;
    if (!content.trim()) {
      emptyAlert.show();
      toast.error(EMPTY_DIARY_MESSAGE);
      return;
    }
    if (isDiaryTooLong(content)) {
      toast.error(createElement(DiaryTooLongMessage));
      return;
    }
    if (userId && isDeviceOffline()) {
      // Offline (decision 042): kept on the device and sent when the network returns.
      queueDiaryOffline(queryClient, userId, content, todayState.today).then(
        () => {
          toast.success(PENDING_WRITE_TEXT);
          clearDraft();
        },
        () => toast.error(DIARY_SAVE_FAILED_MESSAGE),
      );
      return;
    }
    createDiary.mutate(content, {
      onSuccess: (diary) => {
        toast.success(DIARY_SAVED_MESSAGE);
        setSaved(diary);
        clearDraft();
      },
      onError: (error) => {
        // The error only: diary text never goes to a log.
        console.error('Saving the diary failed', error);
        toast.error(DIARY_SAVE_FAILED_MESSAGE);
      },
    });
  };

  return {
    ...todayState,
    content,
    setContent,
    submit,
    saved,
    /** Leaves the post-diary panel (today's form then shows, disabled). */
    dismissSaved: () => setSaved(null),
    isLocked,
    /** Said under today's entry once written: waiting on the device, or saved. */
    lockedNote: isLocked ? (isWaiting ? PENDING_WRITE_TEXT : DIARY_WRITTEN_NOTE) : undefined,
    isSaving: createDiary.isPending,
    emptyError: emptyAlert.isShown ? EMPTY_DIARY_MESSAGE : null,
  };
}
