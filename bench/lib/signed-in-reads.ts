/**
 * Every read a signed-in page makes (issue 35), each through the API's own service function: the
 * dashboard's, My Diary's, the task list's, Statistics', Insights' and the day view's. bench:history
 * times them for the five-year person and a new one; bench:explain prints the plan of each of
 * their statements.
 */
import {
  addDays,
  getWeekRange,
  TaskListQuerySchema,
  TASK_PAGE_SIZE,
  type LocalDate,
} from '@wellspring/shared';
import type { Database } from '../../apps/api/src/db/client';
import { listActivities } from '../../apps/api/src/modules/activities/activities.service';
import { getDayCheckIns } from '../../apps/api/src/modules/check-ins/check-ins.service';
import type { DiaryVault } from '../../apps/api/src/modules/diary/diary-vault';
import { getDiaries } from '../../apps/api/src/modules/diary/diary.service';
import { getAllGoals, getCurrentGoal } from '../../apps/api/src/modules/goal/goal.service';
import {
  getDailyPoints,
  getHistorySummary,
} from '../../apps/api/src/modules/history/history.service';
import {
  getCalendar,
  getDay,
  getFeelings,
  getFindings,
  getOnThisDay,
  getSupport,
  getTrends,
} from '../../apps/api/src/modules/insights/insights.service';
import { listTasks } from '../../apps/api/src/modules/task/task.service';
import { getUserView } from '../../apps/api/src/modules/user/user.service';
import type { AuthContext } from '../../apps/api/src/plugins/app/context';

export interface Read {
  label: string;
  read: (auth: AuthContext) => Promise<unknown>;
}

const SETTINGS = { emailVerification: false, publicUrl: 'http://localhost:3000' };

/** The caller as the session lookup would make them: a UTC user on `today`. */
export function authOf(userId: string, today: LocalDate): AuthContext {
  return { userId, sessionId: 'bench', timeZone: 'UTC', today };
}

/** The reads, for a user in UTC on `now`'s day. */
export function listSignedInReads(db: Database, vault: DiaryVault, now: Date): Read[] {
  const today = now.toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const lastMonth = addDays(today, -30);
  const week = getWeekRange(today);
  const weekStart = Date.parse(`${week.start}T00:00:00Z`);
  const weekEnd = Date.parse(`${week.end}T23:59:59.999Z`);
  const tasksOf = (auth: AuthContext, query: Record<string, string>) =>
    listTasks(db, auth, TaskListQuerySchema.parse({ id: auth.userId, ...query }));
  const page = { page: '1', size: String(TASK_PAGE_SIZE) };
  const reads: [string, Read['read']][] = [
    ['GET /user (dashboard)', (auth) => getUserView(db, auth, SETTINGS)],
    ["GET /check-ins, today's", (auth) => getDayCheckIns(db, vault, auth, today)],
    ['GET /activities (the picker)', (auth) => listActivities(db, auth, now)],
    [`GET /insights/calendar (${year})`, (auth) => getCalendar(db, auth, year)],
    ['GET /insights/day (a month ago)', (auth) => getDay(db, vault, auth, lastMonth)],
    ['GET /insights/findings', (auth) => getFindings(db, auth)],
    ['GET /insights/feelings (this month)', (auth) => getFeelings(db, auth)],
    ['GET /insights/on-this-day (dashboard)', (auth) => getOnThisDay(db, vault, auth)],
    ['GET /insights/support (dashboard)', (auth) => getSupport(db, auth)],
    ['GET /insights/trends?days=30', (auth) => getTrends(db, auth, 30)],
    ['GET /insights/trends?days=90', (auth) => getTrends(db, auth, 90)],
    ['GET /insights/trends?days=365', (auth) => getTrends(db, auth, 365)],
    ['GET /goal (dashboard, Statistics)', (auth) => getCurrentGoal(db, auth)],
    ['GET /goal/all (Statistics)', (auth) => getAllGoals(db, auth)],
    ['GET /history (Statistics: the summary)', (auth) => getHistorySummary(db, auth)],
    [
      'GET /history?startDate&endDate (Statistics: the week)',
      (auth) => getDailyPoints(db, auth, weekStart, weekEnd),
    ],
    ['GET /task (the board: the goal in progress)', (auth) => tasksOf(auth, {})],
    ['GET /task?page=1 (the list, all)', (auth) => tasksOf(auth, page)],
    [
      'GET /task?status=Completed&page=1 (a column)',
      (auth) => tasksOf(auth, { ...page, status: 'Completed' }),
    ],
    [
      'GET /task?status=OnGoing&page=1 (dashboard)',
      (auth) => tasksOf(auth, { ...page, status: 'OnGoing' }),
    ],
    [
      "GET /diary?limit=1 (the dashboard's newest entry)",
      (auth) => getDiaries(db, vault, auth, { limit: 1, before: addDays(today, 1) }),
    ],
    // SPEC.md's whole list, which no page reads now, is bench/diary-stream.ts's (over HTTP).
    [
      "GET /diary?limit=20 (My Diary's first page)",
      (auth) => getDiaries(db, vault, auth, { limit: 20 }),
    ],
  ];
  return reads.map(([label, read]) => ({ label, read }));
}
