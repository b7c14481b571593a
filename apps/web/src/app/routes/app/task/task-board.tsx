import { Navigate, useParams } from 'react-router';
import { TaskBoard } from '@/features/task/components/task-board';
import { useBreakpoint } from '@/hooks/use-media-query';
import { getBoardRedirect } from './task-redirects';

/** /app/task/board/:status?: both columns on wide screens, one column (by status) otherwise. */
export function TaskBoardPage() {
  const { status } = useParams();
  const { isWide } = useBreakpoint();
  const redirect = getBoardRedirect(status, isWide);
  if (redirect) return <Navigate to={redirect} replace />;
  if (status === 'completed') return <TaskBoard statuses={['Completed']} />;
  if (status === 'ongoing') return <TaskBoard statuses={['OnGoing']} />;
  return <TaskBoard statuses={['OnGoing', 'Completed']} />;
}
