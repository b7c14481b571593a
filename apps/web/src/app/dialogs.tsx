import { lazy, useEffect, useState, type ComponentType } from 'react';
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

type DialogModule<P> = { default: ComponentType<P> };

/**
 * A lazy dialog body that can be loaded ahead. Once loaded, the body renders at the first try:
 * React.lazy reads a thenable that calls back at once without suspending, so the dialog never
 * shows its loading state.
 */
function lazyWithPreload<P>(loader: () => Promise<DialogModule<P>>) {
  let loaded: DialogModule<P> | undefined;
  let loading: Promise<DialogModule<P>> | undefined;
  // Asked for once, however often the user's way to a button asks; a failure can be tried again.
  const preload = () =>
    (loading ??= loader().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const component = lazy(() =>
    loaded
      ? ({ then: (resolve: (m: DialogModule<P>) => void) => resolve(loaded!) } as Promise<
          DialogModule<P>
        >)
      : preload(),
  );
  return { component, preload };
}

const newDay = lazyWithPreload(() =>
  import('@/features/mood/components/new-day-dialog').then((m) => ({ default: m.NewDayDialog })),
);
const taskExpired = lazyWithPreload(() =>
  import('@/features/task/components/task-expired-dialog').then((m) => ({
    default: m.TaskExpiredDialog,
  })),
);
const diaryCreation = lazyWithPreload(loadDiaryCreationDialog);

let dailyDialogsLoaded: Promise<void> | undefined;
let areDailyDialogsLoaded = false;

/**
 * The bodies of the dialogs that open by themselves, loaded once; settles also on a failure.
 * diaryCreation opens from its button only: its body comes on the way to it (decision 060).
 */
function loadDailyDialogs(): Promise<void> {
  dailyDialogsLoaded ??= Promise.all([newDay.preload(), taskExpired.preload()])
    .then(
      () => undefined,
      () => {
        // A failed preload is tried again, with its error shown, when the dialog opens.
      },
    )
    .finally(() => {
      areDailyDialogsLoaded = true;
    });
  return dailyDialogsLoaded;
}

/**
 * Loads the bodies of the dialogs that open by themselves when the day begins, so that on a slow
 * connection they open with their content instead of as a box holding a spinner.
 */
export function preloadDailyDialogs(): void {
  void loadDailyDialogs();
}

/**
 * Whether those bodies have loaded (or failed to): the dashboard opens them only then. The user
 * can be known before they are (the signed-in frame asks for it before the app starts, decision
 * 052), and a dialog opened then would show a spinner first.
 */
export function useDailyDialogsLoaded(): boolean {
  const [isLoaded, setIsLoaded] = useState(areDailyDialogsLoaded);
  useEffect(() => {
    if (isLoaded) return;
    let isCurrent = true;
    void loadDailyDialogs().then(() => {
      if (isCurrent) setIsLoaded(true);
    });
    return () => {
      isCurrent = false;
    };
  }, [isLoaded]);
  return isLoaded;
}

/*
 * Every dialog of SPEC.md section 2, by name. Bodies load on first use, so none of them weighs
 * on the first page. The developer dialog exists in development builds only.
 */
export const dialogRegistry: DialogRegistry = {
  diaryCreation: {
    component: diaryCreation.component,
    size: 'lg',
    preload: () => {
      void diaryCreation.preload().catch(() => {
        // Tried again, with its error shown, when the dialog opens.
      });
    },
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
    component: taskExpired.component,
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
    component: lazy(() => import('./profile-dialog').then((m) => ({ default: m.ProfileDialog }))),
    // Tabs beside the content from md up: the profile, sessions, password and data.
    size: 'lg',
  },
  newDay: {
    component: newDay.component,
  },
  goalPrize: {
    component: lazy(() =>
      import('@/features/goal/components/goal-prize-dialog').then((m) => ({
        default: m.GoalPrizeDialog,
      })),
    ),
    size: 'lg',
  },
  checkIn: {
    component: lazy(() =>
      import('@/features/check-in/components/check-in-dialog').then((m) => ({
        default: m.CheckInDialog,
      })),
    ),
    // The words and activities wrap in rows: a wider box keeps the list short.
    size: 'lg',
  },
  activities: {
    component: lazy(() =>
      import('@/features/check-in/components/activities-dialog').then((m) => ({
        default: m.ActivitiesDialog,
      })),
    ),
    // The icon grid takes the room: twelve icons a row instead of eight.
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
