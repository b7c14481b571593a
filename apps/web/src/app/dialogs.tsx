import { lazy } from 'react';
import type { DialogBodyProps, DialogRegistry } from '@/components/ui/dialog';

/** diaryCreation ends on the post-diary panel, which shows today's goal: the goal feature's. */
async function loadDiaryCreationDialog() {
  const [diary, goal] = await Promise.all([
    import('@/features/diary/components/diary-creation-dialog'),
    import('@/features/goal/api/get-goal'),
  ]);
  function DiaryCreation(props: DialogBodyProps<'diaryCreation'>) {
    const { data } = goal.useGoal();
    return <diary.DiaryCreationDialog {...props} goal={data} />;
  }
  return { default: DiaryCreation };
}

/*
 * Every dialog of SPEC.md section 2, by name. Bodies load on first use, so none of them weighs
 * on the first page. The developer dialog exists in development builds only.
 */
export const dialogRegistry: DialogRegistry = {
  diaryCreation: {
    component: lazy(loadDiaryCreationDialog),
    size: 'lg',
  },
  taskDetail: {
    component: lazy(() =>
      import('@/features/task/components/task-detail-dialog').then((m) => ({
        default: m.TaskDetailDialog,
      })),
    ),
  },
  taskComplete: {
    component: lazy(() =>
      import('@/features/task/components/task-complete-dialog').then((m) => ({
        default: m.TaskCompleteDialog,
      })),
    ),
  },
  taskExpired: {
    component: lazy(() =>
      import('@/features/task/components/task-expired-dialog').then((m) => ({
        default: m.TaskExpiredDialog,
      })),
    ),
    size: 'sm',
  },
  goalCompleted: {
    component: lazy(() =>
      import('@/features/goal/components/goal-completed-dialog').then((m) => ({
        default: m.GoalCompletedDialog,
      })),
    ),
  },
  userProfile: {
    component: lazy(() =>
      import('@/features/user/components/user-profile-dialog').then((m) => ({
        default: m.UserProfileDialog,
      })),
    ),
    // Tabs beside the content from md up: the profile, sessions, password and data.
    size: 'lg',
  },
  newDay: {
    component: lazy(() =>
      import('@/features/mood/components/new-day-dialog').then((m) => ({
        default: m.NewDayDialog,
      })),
    ),
  },
  goalPrize: {
    component: lazy(() =>
      import('@/features/goal/components/goal-prize-dialog').then((m) => ({
        default: m.GoalPrizeDialog,
      })),
    ),
    size: 'lg',
  },
  ...(import.meta.env.DEV
    ? {
        developer: {
          component: lazy(() =>
            import('@/features/developer/components/developer-dialog').then((m) => ({
              default: m.DeveloperDialog,
            })),
          ),
        },
      }
    : {}),
};
