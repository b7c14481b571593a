import { clampPage, TASK_PAGE_SIZE } from '@wellspring/shared';
import { useId, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { getTabId, Tabs } from '@/components/ui/tabs';
import { useTasks } from '../api/get-tasks';
import {
  getFilterStatus,
  getLocalMidnightMs,
  TASK_FILTERS,
  type TaskFilter,
} from '../utils/task-filters';
import { TaskDatePicker } from './task-date-picker';
import { TaskPager } from './task-pager';
import { TaskTable } from './task-table';

/**
 * The list view: filter tabs, a day filter, the table and its pages (7 rows). The filter starts
 * at All and the page at 1; changing a filter goes back to page 1 (SPEC.md section 4).
 */
export function TaskList() {
  const panelId = useId();
  const [filter, setFilter] = useState<TaskFilter>('all');
  const [day, setDay] = useState('');
  const [requestedPage, setPage] = useState(1);
  // Only a complete, valid day filters: a half-typed one leaves the list as it is.
  const date = getLocalMidnightMs(day);
  const query = useTasks({
    status: getFilterStatus(filter),
    page: requestedPage,
    size: TASK_PAGE_SIZE,
    date,
  });
  const total = query.data?.totalTaskCount ?? 0;
  // A deletion or completion can empty the last page: move to the new last one.
  const page = query.data ? clampPage(requestedPage, total, TASK_PAGE_SIZE) : requestedPage;
  if (page !== requestedPage && !query.isPlaceholderData) setPage(page);

  return (
    <div className="flex flex-col gap-4" data-testid="task-list">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs
          label="Filter tasks"
          options={TASK_FILTERS}
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
          panelId={panelId}
        />
        <TaskDatePicker
          value={day}
          onChange={(next) => {
            setDay(next);
            setPage(1);
          }}
        />
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={getTabId(panelId, filter)}
        aria-busy={query.isFetching || undefined}
        className="flex flex-col gap-4"
      >
        {query.isPending ? (
          <div className="flex flex-col gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : query.isError ? (
          <p className="rounded-xl bg-surface p-4 text-sm text-ink-soft">
            Your tasks could not be loaded. Please try again later.
          </p>
        ) : query.data.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line p-8 text-center text-sm text-ink-muted">
            {date !== undefined ? 'No tasks on this day.' : 'No tasks here yet.'}
          </p>
        ) : (
          <TaskTable tasks={query.data.data} />
        )}
        <TaskPager page={page} size={TASK_PAGE_SIZE} total={total} onPageChange={setPage} />
      </div>
    </div>
  );
}
