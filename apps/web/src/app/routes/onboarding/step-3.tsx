import { ArrowLeft, ArrowRight, CalendarDays } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useCreateDiary } from '@/features/diary/api/create-diary';
import { DiaryEditor } from '@/features/diary/components/diary-editor';
import { DiaryTooLongMessage } from '@/features/diary/components/diary-too-long-message';
import { useDiaryDraft } from '@/features/diary/hooks/use-diary-draft';
import { useTodayDiary } from '@/features/diary/hooks/use-today-diary';
import { isDiaryTooLong } from '@/features/diary/utils/diaries';
import { OnboardingCard } from '@/features/onboarding/components/onboarding-card';
import { useOnboardingNavigation } from '@/features/onboarding/hooks/use-onboarding-navigation';
import { ONBOARDING_FAILED_MESSAGE } from '@/features/onboarding/utils/messages';
import { formatLongLocalDate } from '@/lib/format';
import { useUpdateUser } from '@/lib/update-user';

/**
 * Step 3, Create Diary: Next writes today's entry, marks onboarding done and opens the dashboard;
 * Skip only marks it done. With today's entry already written, the textarea shows it, disabled.
 * What is typed is kept on the device until it is saved, so a reload (or Skip) loses nothing.
 */
export function OnboardingStep3Page() {
  const { today, todayDiary, isLoading } = useTodayDiary();
  const { content, setContent, clear: clearDraft } = useDiaryDraft();
  const createDiary = useCreateDiary();
  const completeOnboarding = useUpdateUser();
  const { goPrevious } = useOnboardingNavigation(3);
  const navigate = useNavigate();
  const fail = () => toast.error(ONBOARDING_FAILED_MESSAGE);

  const finish = () =>
    // PATCH /v1/user?id= {hasOnboarded: true}: onboarding is done, for good.
    completeOnboarding.mutate(
      { hasOnboarded: true },
      {
        onSuccess: () => void navigate(paths.app.dashboard, { replace: true }),
        onError: fail,
      },
    );

  const text = todayDiary?.content ?? content;
  const isBusy = createDiary.isPending || completeOnboarding.isPending;

  const onNext = () => {
    if (isBusy) return;
    if (todayDiary) {
      finish();
      return;
    }
    if (!content.trim()) return;
    if (isDiaryTooLong(content)) {
      toast.error(<DiaryTooLongMessage />);
      return;
    }
    createDiary.mutate(content, {
      onSuccess: () => {
        clearDraft();
        finish();
      },
      onError: fail,
    });
  };

  if (isLoading) return <PageSpinner label="Loading your diary" />;

  return (
    <OnboardingCard
      step={3}
      headline="Write your first diary entry"
      intro={
        <>
          <span className="mb-2 flex w-fit items-center gap-2 rounded-full bg-surface px-3 py-1 text-sm font-semibold text-ink">
            <CalendarDays className="size-4 text-brand-violet" aria-hidden />
            {formatLongLocalDate(today)}
          </span>
          A few lines about your day, just for you: your diary is private.
        </>
      }
      actions={
        // Phone: Next on its own row first, then Previous and Skip; wider: one row.
        <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:items-center">
          <Button
            variant="secondary"
            onClick={goPrevious}
            disabled={isBusy}
            className="order-2 sm:order-none"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Previous
          </Button>
          <Button
            variant="ghost"
            onClick={() => !isBusy && finish()}
            disabled={isBusy}
            className="order-3 sm:order-none sm:ml-auto"
          >
            Skip
          </Button>
          <Button
            onClick={onNext}
            disabled={!text.trim()}
            isLoading={isBusy}
            className="order-1 col-span-2 sm:order-none sm:min-w-28"
          >
            Next
            <ArrowRight className="size-4" aria-hidden />
          </Button>
        </div>
      }
    >
      <DiaryEditor
        value={text}
        onChange={setContent}
        disabled={Boolean(todayDiary)}
        note={
          todayDiary
            ? "You've already written today's diary, so this one is kept as it is."
            : undefined
        }
      />
    </OnboardingCard>
  );
}
