import { TaskBoard } from '@/features/task/components/task-board';
import { useBreakpoint } from '@/hooks/use-media-query';

/**
 * /app/task/board/onboarding: the board the dashboard's View All opens on narrower screens, the
 * ongoing column; on wide screens both columns.
 */
export function TaskBoardOnboardingPage() {
  const { isWide } = useBreakpoint();
  return <TaskBoard statuses={isWide ? ['OnGoing', 'Completed'] : ['OnGoing']} />;
}
