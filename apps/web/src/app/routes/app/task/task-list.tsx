import { Navigate } from 'react-router';
import { TaskList } from '@/features/task/components/task-list';
import { useBreakpoint } from '@/hooks/use-media-query';
import { getListRedirect } from './task-redirects';

/** /app/task/list: the task table, on wide screens only. */
export function TaskListPage() {
  const { isWide } = useBreakpoint();
  const redirect = getListRedirect(isWide);
  if (redirect) return <Navigate to={redirect} replace />;
  return <TaskList />;
}
