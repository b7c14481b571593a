import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from './app';

/*
 * The published document is one a client generator can use as it is (decision 030):
 * openapi-typescript makes the types of a client from it, and calls written the way SPEC.md
 * section 7 states them type-check against our shared contract types. When an answer's shape
 * drifts from the contract, the check fails; the last test proves it by drifting one field on
 * purpose.
 */

const SHARED_INDEX = path.resolve(import.meta.dirname, '../../../packages/shared/src/index.ts');

/** Calls of SPEC.md section 7 through a client typed by the generated `operations`. */
const CALLS = `
import type { operations } from './api';
import type {
  AuthAnswer, CreateDiaryBody, CreateGoalBody, Diary, DiaryEntry, ErrorBody, GeneratedTask, Goal,
  HistoryRow, HistorySummary, Task, UpdateGoalBody, User,
} from '@wellspring/shared';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only when A and B are the same type. */
function same<A, B>(proof: Equal<A, B>): void { void proof; }

type Op = keyof operations;
type Query<O extends Op> = operations[O]['parameters']['query'];
type Body<O extends Op> = operations[O]['requestBody'] extends
  | { content: { 'application/json': infer B } }
  | undefined ? B : never;
type Answer<O extends Op, S extends PropertyKey = 200> = S extends keyof operations[O]['responses']
  ? operations[O]['responses'][S] extends { content: { 'application/json': infer A } } ? A : never
  : never;

/** The one function a generated client gives: an operation, its query and body, its answer. */
declare function send<O extends Op>(
  operation: O,
  init: { query: Query<O>; body?: Body<O> },
): Promise<Answer<O>>;

export async function spec(userId: string, taskId: string, code: string, state: string) {
  // GET /v1/auth/google?credential={code}: answer has token and userData.
  const signIn = await send('exchangeGoogleCode', { query: { credential: code, state } });
  same<typeof signIn, AuthAnswer>(true);

  // GET /v1/user?id={userId}: answer data is the user object (data.mood with fields=mood).
  const user = await send('getUser', { query: { id: userId } });
  same<typeof user.data, User | { mood: User['mood'] }>(true);
  await send('getUser', { query: { id: userId, fields: 'mood' } });

  // GET /v1/goal?id={userId}: answer data is the current goal (null before the first).
  same<Answer<'getGoal'>['data'], Goal | null>(true);
  same<Answer<'listGoals'>['data'], Goal[]>(true);
  const created = await send('createGoal', { query: { id: userId }, body: { target: 50000 } });
  void created;
  same<Answer<'createGoal', 201>['data'], Goal>(true);
  same<Body<'createGoal'>, CreateGoalBody>(true);
  // PATCH /v1/goal?id={userId}: a partial goal body; it may start the goal.
  const patched = await send('updateGoal', { query: { id: userId }, body: { target: 100000 } });
  same<typeof patched.data, Goal>(true);
  same<Body<'updateGoal'>, UpdateGoalBody>(true);
  same<Answer<'claimReward'>['data']['goal'], Goal>(true);

  // GET /v1/task?id={userId}: the board, no page; answer holds data and totalTaskCount.
  const board = await send('listTasks', { query: { id: userId } });
  same<typeof board.data, Task[]>(true);
  same<typeof board.totalTaskCount, number>(true);
  await send('listTasks', { query: { id: userId, page: '2', size: '7', status: 'OnGoing', date: '' } });
  same<Answer<'acceptTask', 201>['data'], Task>(true);
  same<Answer<'discardTask'>['data'], Task>(true);
  await send('completeTask', { query: { taskId, userId } });
  same<Answer<'completeTask'>['data'], Goal>(true);
  same<Answer<'generateTask'>['data'], GeneratedTask>(true);

  // GET /v1/diary?id={userId} and POST /v1/diary with content and id.
  // Each entry of the list also carries its day's mood (decision 039).
  same<Answer<'listDiaries'>['data'], DiaryEntry[]>(true);
  await send('createDiary', { query: undefined, body: { content: 'A quiet day.', id: userId } });
  same<Body<'createDiary'>, CreateDiaryBody>(true);
  same<Answer<'createDiary', 201>['data'], Diary>(true);

  // GET /v1/history?id={userId}[&startDate&endDate]: the summary, or rows of date and points.
  const history = await send('getHistory', { query: { id: userId } });
  same<typeof history.data, HistorySummary | HistoryRow[]>(true);

  // Every failure is the one error envelope.
  same<Answer<'getGoal', 404>, ErrorBody>(true);
}
`;

/** Type-checks a file the way a client project would (strict), answering the errors. */
function typeCheck(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
    paths: { '@wellspring/shared': [SHARED_INDEX] },
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('a client generated from the published document (openapi-typescript)', () => {
  const ctx = useTestApp();
  let dir: string;
  let doc: Record<string, unknown>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ws-client-'));
    doc = (await call(ctx.app, 'GET', '/api/docs/json')).json();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function checkCalls(document: Record<string, unknown>, name: string) {
    const folder = mkdtempSync(path.join(dir, `${name}-`));
    const types = astToString(
      await openapiTS(structuredClone(document) as never, { silent: true }),
    );
    writeFileSync(path.join(folder, 'api.d.ts'), types);
    writeFileSync(path.join(folder, 'calls.ts'), CALLS);
    return { types, errors: typeCheck(path.join(folder, 'calls.ts')) };
  }

  it('names its functions after the operationIds, and the calls of SPEC.md type-check', async () => {
    const { types, errors } = await checkCalls(doc, 'published');
    expect(types).toContain('getGoal: {');
    expect(types).toContain('listTasks: {');
    expect(errors).toEqual([]);
  });

  it('fails when an answer drifts from the shared contract (a goal’s target renamed)', async () => {
    const drifted = structuredClone(doc) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const answer = drifted.paths['/api/v1/goal']!.get!.responses['200'] as {
      content: { 'application/json': { schema: { properties: { data: Goalish } } } };
    };
    interface Goalish {
      properties: Record<string, unknown>;
      required: string[];
    }
    const goal = answer.content['application/json'].schema.properties.data;
    goal.properties.targetPoints = goal.properties.target;
    delete goal.properties.target;
    goal.required = goal.required.map((k) => (k === 'target' ? 'targetPoints' : k));
    const { errors } = await checkCalls(drifted, 'drifted');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(/not assignable to parameter of type 'false'/);
  });
});
