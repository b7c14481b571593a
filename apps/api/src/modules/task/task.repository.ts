import { MAX_PAGE_SIZE, TASK_PAGE_SIZE, TASK_STATUSES, type TaskStatus } from '@wellspring/shared';
import type { FastifyRequest } from 'fastify';
import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  lt,
  lte,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { discardedTasks, goals, taskCounts, tasks, taskTemplates, users } from '../../db/schema';
import {
  findLiveSessionByHash,
  IS_LIVE_SESSION,
  preparedPerDatabase,
  preparedPerTransaction,
  selectWithLiveSession,
} from '../auth/auth-sessions.repository';

const LISTED_STATUSES = ['OnGoing', 'Completed'];

export interface TaskListFilter {
  userId: string;
  /** Only the tasks of this goal. */
  goalId?: string | undefined;
  /** OnGoing tasks before Completed ones (the board), each newest first. */
  isOngoingFirst?: boolean;
  status?: TaskStatus | undefined;
  /** A local date: tasks accepted or completed on it. */
  date?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * How many tasks the user has of one status (or of every listed one), from the counts the tasks
 * table's triggers keep (decision 051): no rows counted.
 */
function countByStatus(db: Executor, userId: string, status: TaskStatus | undefined) {
  return db
    .select({ n: sql<number>`coalesce(sum(${taskCounts.n}), 0)::int` })
    .from(taskCounts)
    .where(
      and(
        eq(taskCounts.userId, userId),
        status ? eq(taskCounts.status, status) : inArray(taskCounts.status, LISTED_STATUSES),
      ),
    );
}

/**
 * A page of the user's listed tasks (expired ones leave the list), newest first (OnGoing ones
 * first when asked), and how many match in all (of a goal or a day: counted; else: the counts).
 */
export async function findTaskPage(db: Executor, filter: TaskListFilter) {
  const conditions: SQL[] = [eq(tasks.userId, filter.userId)];
  if (filter.goalId) conditions.push(eq(tasks.goalId, filter.goalId));
  conditions.push(
    filter.status ? eq(tasks.status, filter.status) : inArray(tasks.status, LISTED_STATUSES),
  );
  if (filter.date) {
    conditions.push(or(eq(tasks.acceptedOn, filter.date), eq(tasks.completedOn, filter.date))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(
        ...(filter.isOngoingFirst ? [sql`(${tasks.status} = 'OnGoing') desc`] : []),
        desc(tasks.createdAt),
        desc(tasks.id),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    filter.goalId || filter.date
      ? db.select({ n: count() }).from(tasks).where(where)
      : countByStatus(db, filter.userId, filter.status),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A page of GET /task as its one statement reads it: the page asked for, its rows and total. */
export interface TaskPageRead {
  page: number;
  size: number;
  status: TaskStatus | undefined;
  rows: PresentedTaskRow[];
  total: number;
}

/** The columns of a task that its presenter reads (task.presenter.ts presentTask). */
export type PresentedTaskRow = Pick<
  TaskRow,
  | 'id'
  | 'templateId'
  | 'goalId'
  | 'title'
  | 'description'
  | 'status'
  | 'mood'
  | 'points'
  | 'createdAt'
  | 'completedAt'
>;

/** A task as the page statement's JSON holds it (the instants as text). */
type TaskJson = Omit<PresentedTaskRow, 'createdAt' | 'completedAt'> & {
  createdAt: string;
  completedAt: string | null;
};

const isoOf = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * GET /task?page's one statement (decision 051): the live session, its user's row, a page of the
 * user's listed tasks newest first (of one status, or of every listed one) as JSON of the columns
 * the presenter reads, and the total from the per-user counts the triggers keep (findTaskPage's
 * answer, without counting rows).
 */
function prepareTaskPageRead(db: Executor, byStatus: boolean) {
  const statuses = byStatus
    ? sql`= ${sql.placeholder('status')}`
    : sql`in (${sql.join(
        LISTED_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})`;
  return selectWithLiveSession(db, {
    rows: sql<TaskJson[]>`(
        select coalesce(json_agg(json_build_object(
          'id', p.id, 'goalId', p.goal_id, 'templateId', p.template_id,
          'title', p.title, 'description', p.description, 'mood', p.mood, 'points', p.points,
          'status', p.status, 'createdAt', ${isoOf(sql`p.created_at`)},
          'completedAt', case when p.completed_at is null then null else ${isoOf(sql`p.completed_at`)} end
        ) order by p.created_at desc, p.id desc), '[]'::json)
        from (
          select * from ${tasks}
          where ${tasks.userId} = ${users.id} and ${tasks.status} ${statuses}
          order by ${tasks.createdAt} desc, ${tasks.id} desc
          limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
        ) p
      )`,
    total: sql<number>`(
        select coalesce(sum(${taskCounts.n}), 0)::int from ${taskCounts}
        where ${taskCounts.userId} = ${users.id} and ${taskCounts.status} ${statuses}
      )`,
  })
    .where(IS_LIVE_SESSION)
    .limit(1)
    .prepare(byStatus ? 'session_task_page_status_read' : 'session_task_page_read');
}
const taskPageReadOf = preparedPerDatabase((db: Executor) => prepareTaskPageRead(db, false));
const taskPageByStatusReadOf = preparedPerDatabase((db: Executor) => prepareTaskPageRead(db, true));

/** A raw query value that is a whole number from 1 to `max` as the contract reads it, else undefined. */
function wholeOf(value: unknown, max: number): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,7}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
}

/** The page a raw GET /task query asks for, when the one statement can read it; else undefined. */
function pageAskedBy(request: FastifyRequest): Omit<TaskPageRead, 'rows' | 'total'> | undefined {
  const query = request.query as Record<string, unknown>;
  if (query.date !== undefined && query.date !== '') return undefined;
  const page = wholeOf(query.page, 1_000_000);
  const size = query.size === undefined ? TASK_PAGE_SIZE : wholeOf(query.size, MAX_PAGE_SIZE);
  const asksStatus = query.status !== undefined && query.status !== '';
  const status = asksStatus ? TASK_STATUSES.find((known) => known === query.status) : undefined;
  if (page === undefined || size === undefined || (asksStatus && !status)) return undefined;
  return { page, size, status };
}

/**
 * The live session of a token hash at `now`, with the page of tasks the request's raw query asks
 * for; the plain lookup when it asks for none the statement reads (the board, a day's tasks, a
 * value the contract refuses).
 */
export async function findSessionWithTaskPage(
  db: Executor,
  tokenHash: string,
  now: Date,
  request: FastifyRequest,
) {
  const asked = pageAskedBy(request);
  if (!asked) return findLiveSessionByHash(db, tokenHash, now);
  const values = {
    tokenHash,
    now: now.toISOString(),
    limit: asked.size,
    offset: (asked.page - 1) * asked.size,
  };
  const [row] = asked.status
    ? await taskPageByStatusReadOf(db).execute({ ...values, status: asked.status })
    : await taskPageReadOf(db).execute(values);
  if (!row) return undefined;
  const read: TaskPageRead = {
    ...asked,
    rows: row.read.rows.map((task) => ({
      ...task,
      createdAt: new Date(task.createdAt),
      completedAt: task.completedAt === null ? null : new Date(task.completedAt),
    })),
    total: row.read.total,
  };
  return { ...row, read };
}

/** A random catalogue task for the mood (any when none), not one the user has OnGoing. */
export async function pickTemplate(
  db: Executor,
  userId: string,
  mood: string | undefined,
  avoidTemplateId: string | null,
) {
  const ongoing = db
    .select({ id: tasks.templateId })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'OnGoing')));
  const base: SQL[] = [notInArray(taskTemplates.id, ongoing)];
  if (mood) base.push(eq(taskTemplates.mood, mood));
  const pick = (extra: SQL[]) =>
    db
      .select()
      .from(taskTemplates)
      .where(and(...base, ...extra))
      .orderBy(sql`random()`)
      .limit(1);
  const [fresh] = avoidTemplateId
    ? await pick([ne(taskTemplates.id, avoidTemplateId)])
    : await pick([]);
  if (fresh || !avoidTemplateId) return fresh ?? null;
  const [any] = await pick([]);
  return any ?? null;
}

export async function countOngoing(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'OnGoing')));
  return Number(row?.n ?? 0);
}

export async function countAcceptedOn(db: Executor, userId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.acceptedOn, day)));
  return Number(row?.n ?? 0);
}

/** The day rollover's part: the user's OnGoing tasks accepted before `today` expire. */
export async function expireOngoingTasksBefore(
  tx: Transaction,
  userId: string,
  today: string,
): Promise<number> {
  const expired = await tx
    .update(tasks)
    .set({ status: 'Expired' })
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'OnGoing'), lt(tasks.acceptedOn, today)))
    .returning({ id: tasks.id });
  return expired.length;
}

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
export type TemplateRow = typeof taskTemplates.$inferSelect;
export type DiscardedTaskRow = typeof discardedTasks.$inferSelect;
export type NewDiscardedTaskRow = typeof discardedTasks.$inferInsert;

/** The catalogue task of the mood with this id, or (without an id) this title. */
export async function findTemplate(
  db: Executor,
  pick: { templateId?: string | undefined; title: string; mood: string },
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(taskTemplates)
    .where(
      pick.templateId
        ? and(eq(taskTemplates.id, pick.templateId), eq(taskTemplates.mood, pick.mood))
        : and(eq(taskTemplates.title, pick.title), eq(taskTemplates.mood, pick.mood)),
    )
    .limit(1);
  return row;
}

/**
 * The catalogue task's id, named with its table: Drizzle writes the columns of a one-table
 * select's field list bare, and a bare "id" inside a subquery on tasks would be the task's.
 */
const TEMPLATE_ID_OUTSIDE = sql`${taskTemplates}.${sql.identifier(taskTemplates.id.name)}`;

/** The user accepting a task: the placeholder both statements of accepting read it from. */
const ACCEPTING_USER = sql.placeholder('userId');
/** How many tasks the user has OnGoing. */
const ONGOING_COUNT = sql<number>`(
  select count(*)::int from ${tasks}
  where ${tasks.userId} = ${ACCEPTING_USER} and ${tasks.status} = 'OnGoing'
)`;
/** How many tasks the user accepted on `day`. */
const acceptedCountOn = (day: SQL) => sql<number>`(
  select count(*)::int from ${tasks}
  where ${tasks.userId} = ${ACCEPTING_USER} and ${tasks.acceptedOn} = ${day}
)`;
/** Whether the user has the catalogue task of the statement's row OnGoing already. */
const IS_TEMPLATE_ONGOING = sql<boolean>`exists (
  select 1 from ${tasks}
  where ${tasks.userId} = ${ACCEPTING_USER} and ${tasks.templateId} = ${TEMPLATE_ID_OUTSIDE}
    and ${tasks.status} = 'OnGoing'
)`;
/** The catalogue task the caller picked, by its id or by its title, of the mood given. */
const pickedTemplate = (byId: boolean) =>
  and(
    byId
      ? eq(taskTemplates.id, sql.placeholder('pick'))
      : eq(taskTemplates.title, sql.placeholder('pick')),
    eq(taskTemplates.mood, sql.placeholder('mood')),
  );

/** What accepting a catalogue task checks, read in one statement (decision 048). */
export interface AcceptCheck {
  template: TemplateRow;
  /** The goal in progress, or null. */
  goalId: string | null;
  ongoing: number;
  acceptedToday: number;
  isTemplateOngoing: boolean;
}

/** findAcceptCheck's statement, picking the catalogue task by its id or by its title. */
function prepareAcceptCheck(tx: Transaction, byId: boolean) {
  return tx
    .select({
      template: taskTemplates,
      goalId: sql<string | null>`(
        select ${goals.id} from ${goals}
        where ${goals.userId} = ${ACCEPTING_USER} and ${goals.status} = 'OnProgress'
        limit 1
      )`,
      ongoing: sql<number>`${ONGOING_COUNT}`.mapWith(Number),
      acceptedToday: sql<number>`${acceptedCountOn(sql`${sql.placeholder('today')}`)}`.mapWith(
        Number,
      ),
      isTemplateOngoing: IS_TEMPLATE_ONGOING,
    })
    .from(taskTemplates)
    .where(pickedTemplate(byId))
    .limit(1)
    .prepare(byId ? 'accept_check_by_id' : 'accept_check_by_title');
}
const acceptCheckByIdOf = preparedPerTransaction((tx) => prepareAcceptCheck(tx, true));
const acceptCheckByTitleOf = preparedPerTransaction((tx) => prepareAcceptCheck(tx, false));

/**
 * The catalogue task findTemplate finds, with the user's goal in progress, their OnGoing count,
 * the count accepted on `today` and whether that task is OnGoing already: the reads of accepting a
 * task in one statement; undefined when there is no such catalogue task.
 */
export async function findAcceptCheck(
  tx: Transaction,
  userId: string,
  pick: { templateId?: string | undefined; title: string; mood: string },
  today: string,
): Promise<AcceptCheck | undefined> {
  const values = { userId, today, mood: pick.mood };
  const [row] = pick.templateId
    ? await acceptCheckByIdOf(tx).execute({ ...values, pick: pick.templateId })
    : await acceptCheckByTitleOf(tx).execute({ ...values, pick: pick.title });
  return row;
}

/** True when the user has this catalogue task OnGoing. */
export async function hasOngoingTaskOf(
  db: Executor,
  userId: string,
  templateId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(eq(tasks.userId, userId), eq(tasks.templateId, templateId), eq(tasks.status, 'OnGoing')),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertTask(tx: Transaction, values: NewTaskRow): Promise<TaskRow> {
  const [row] = await tx.insert(tasks).values(values).returning();
  return row!;
}

/** What accepting a catalogue task needs: who, which task, when, and the caps (decision 062). */
export interface AcceptRequest {
  userId: string;
  pick: { templateId?: string | undefined; title: string; mood: string };
  /** The instant of the accept, and the user's local day it falls on. */
  createdAt: Date;
  acceptedOn: string;
  maxOngoing: number;
  maxAcceptedToday: number;
}

/**
 * insertAcceptedTaskIfRoom's statement, picking the catalogue task by its id or by its title: an
 * INSERT … SELECT whose SELECT yields the catalogue task's row only when every rule of accepting
 * holds (a goal in progress, room under both caps, the same task not on the go already).
 */
function prepareAcceptInsert(tx: Transaction, byId: boolean) {
  const acceptedOn = sql`${sql.placeholder('acceptedOn')}::date`;
  const rules = and(
    pickedTemplate(byId),
    eq(goals.userId, ACCEPTING_USER),
    eq(goals.status, 'OnProgress'),
    sql`${ONGOING_COUNT} < ${sql.placeholder('maxOngoing')}::int`,
    sql`${acceptedCountOn(acceptedOn)} < ${sql.placeholder('maxAcceptedToday')}::int`,
    sql`not ${IS_TEMPLATE_ONGOING}`,
  );
  // Every column of tasks, in the table's order, as INSERT … SELECT takes them.
  const row = tx
    .select({
      id: sql`gen_random_uuid()`.as('id'),
      userId: sql`${ACCEPTING_USER}::uuid`.as('user_id'),
      goalId: goals.id,
      templateId: taskTemplates.id,
      title: taskTemplates.title,
      description: taskTemplates.description,
      mood: taskTemplates.mood,
      points: taskTemplates.points,
      status: sql`'OnGoing'`.as('status'),
      createdAt: sql`${sql.placeholder('createdAt')}::timestamptz`.as('created_at'),
      acceptedOn: sql`${acceptedOn}`.as('accepted_on'),
      completedAt: sql`null::timestamptz`.as('completed_at'),
      completedOn: sql`null::date`.as('completed_on'),
    })
    .from(taskTemplates)
    .innerJoin(goals, sql`true`)
    .where(rules)
    .limit(1);
  return tx
    .insert(tasks)
    .select(row)
    .returning()
    .prepare(byId ? 'accept_insert_by_id' : 'accept_insert_by_title');
}
const acceptInsertByIdOf = preparedPerTransaction((tx) => prepareAcceptInsert(tx, true));
const acceptInsertByTitleOf = preparedPerTransaction((tx) => prepareAcceptInsert(tx, false));

/**
 * Inserts the catalogue task as OnGoing for the goal in progress if every rule of accepting holds,
 * in one statement; answers its row, or undefined when a rule (or the catalogue) refused it, which
 * findAcceptCheck then explains. The caller holds the user's lock, so the counts are current.
 */
export async function insertAcceptedTaskIfRoom(
  tx: Transaction,
  request: AcceptRequest,
): Promise<TaskRow | undefined> {
  const { pick, createdAt, ...rest } = request;
  const values = { ...rest, mood: pick.mood, createdAt: createdAt.toISOString() };
  const [row] = pick.templateId
    ? await acceptInsertByIdOf(tx).execute({ ...values, pick: pick.templateId })
    : await acceptInsertByTitleOf(tx).execute({ ...values, pick: pick.title });
  return row;
}

/** The status of the user's task, or undefined when they have no task with this id. */
export async function findTaskStatus(
  db: Executor,
  userId: string,
  taskId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ status: tasks.status })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  return row?.status;
}

/** Deletes the user's task if it is OnGoing; answers the row deleted. */
export async function deleteOngoingTask(
  tx: Transaction,
  userId: string,
  taskId: string,
): Promise<TaskRow | undefined> {
  const [row] = await tx
    .delete(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId), eq(tasks.status, 'OnGoing')))
    .returning();
  return row;
}

const completeOngoingTaskOf = preparedPerTransaction((tx) => {
  // The user's row lock, taken by the same statement before the task's row (decision 062).
  const locked = tx.$with('locked').as(
    tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .for('update'),
  );
  return tx
    .with(locked)
    .update(tasks)
    .set({
      status: 'Completed',
      completedAt: sql`${sql.placeholder('completedAt')}::timestamptz`,
      completedOn: sql`${sql.placeholder('completedOn')}::date`,
    })
    .where(
      and(
        eq(tasks.id, sql.placeholder('taskId')),
        eq(tasks.userId, sql`(select ${locked.id} from ${locked})`),
        eq(tasks.status, 'OnGoing'),
      ),
    )
    .returning()
    .prepare('complete_ongoing_task');
});

/**
 * Takes the user's row lock and completes the user's task if it is OnGoing, in one statement;
 * answers the row as it is now. The update re-reads the task's row once it holds it, so a task
 * another transaction completed or discarded meanwhile is left alone.
 */
export async function completeOngoingTask(
  tx: Transaction,
  userId: string,
  taskId: string,
  completedAt: Date,
  completedOn: string,
): Promise<TaskRow | undefined> {
  const [row] = await completeOngoingTaskOf(tx).execute({
    taskId,
    userId,
    completedAt: completedAt.toISOString(),
    completedOn,
  });
  return row;
}

/** Deletes the user's discarded copies kept since `cutoff` or earlier. */
export async function deleteDiscardedUpTo(
  tx: Transaction,
  userId: string,
  cutoff: Date,
): Promise<void> {
  await tx
    .delete(discardedTasks)
    .where(and(eq(discardedTasks.userId, userId), lte(discardedTasks.discardedAt, cutoff)));
}

export async function insertDiscardedTask(
  tx: Transaction,
  values: NewDiscardedTaskRow,
): Promise<void> {
  await tx.insert(discardedTasks).values(values);
}

/** Takes (deletes and answers) the user's discarded copy of the task if discarded after `cutoff`. */
export async function takeDiscardedTask(
  tx: Transaction,
  userId: string,
  taskId: string,
  cutoff: Date,
): Promise<DiscardedTaskRow | undefined> {
  const [row] = await tx
    .delete(discardedTasks)
    .where(
      and(
        eq(discardedTasks.taskId, taskId),
        eq(discardedTasks.userId, userId),
        gt(discardedTasks.discardedAt, cutoff),
      ),
    )
    .returning();
  return row;
}
