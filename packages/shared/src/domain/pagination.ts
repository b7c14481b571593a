/** Rows a page of the task list (SPEC.md section 9). */
export const TASK_PAGE_SIZE = 7;
/** The largest page size the API serves. */
export const MAX_PAGE_SIZE = 50;
/** The most tasks the task list answers without `page` (SPEC.md's board; decision 030). */
export const TASK_BOARD_LIMIT = 100;

/** The number of pages for a total, at least 1. */
export function getPageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** A page number kept between 1 and the last page. */
export function clampPage(page: number, total: number, size: number): number {
  return Math.min(Math.max(1, page), getPageCount(total, size));
}

/** The task list footer: 'Showing X - Y of N tasks', or 'No tasks to be shown'. */
export function getPageFooterText(page: number, size: number, total: number): string {
  if (total <= 0) return 'No tasks to be shown';
  const first = (page - 1) * size + 1;
  const last = Math.min(page * size, total);
  return `Showing ${first} - ${last} of ${total} tasks`;
}
