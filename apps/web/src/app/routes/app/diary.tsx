import { DiaryScreen } from '@/features/diary/components/diary-screen';
import { useGoal } from '@/features/goal/api/get-goal';

/** My Diary; the post-diary panel's last step shows today's goal, from the goal feature. */
export function DiaryPage() {
  const { data: goal } = useGoal();
  return <DiaryScreen goal={goal} />;
}
