import { paths } from '@/config/paths';

/** The statuses a single-column board shows on narrower screens. */
export const BOARD_STATUSES = ['ongoing', 'completed'] as const;

/**
 * SPEC.md section 2, Redirect rules, for /app/task/board/:status?: where to go instead, or null
 * to stay. Wide is 2xl or 3xl.
 */
export function getBoardRedirect(status: string | undefined, isWide: boolean): string | null {
  if (status === undefined || status === '') return isWide ? null : paths.app.task.ongoing;
  if (!(BOARD_STATUSES as readonly string[]).includes(status)) return paths.app.task.ongoing;
  return isWide ? paths.app.task.board : null;
}

/** /app/task/list exists on wide screens only; elsewhere it is the board. */
export function getListRedirect(isWide: boolean): string | null {
  return isWide ? null : paths.app.task.board;
}
