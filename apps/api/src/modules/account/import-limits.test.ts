import {
  IMPORT_BODY_LIMIT_BYTES,
  IMPORT_MAX_ISSUES,
  IMPORT_MAX_ROWS,
  type ExportFile,
} from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildLongLifeExport } from '../../../test/export-files';
import { buildUser, dumpUserRows } from '../../../test/factories';
import { TASK_CATALOGUE } from '../../db/seed/task-catalogue';

const API = '/api/v1';
/** The most a refusal may weigh: twenty issues and their paths, never the file read back. */
const MAX_ANSWER_BYTES = 8 * 1024;
/** The longest the event loop may be held at a time (decision 021); the bench shows the figure. */
const MAX_EVENT_LOOP_HOLD_MS = 2_000;

/**
 * Runs `work` while a timer samples the event loop every 5 ms; answers its result and the longest
 * stretch the loop went without running the timer.
 */
async function withLoopWatch<T>(work: () => Promise<T>): Promise<{ result: T; longestMs: number }> {
  let last = performance.now();
  let longestMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestMs = Math.max(longestMs, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    longestMs = Math.max(longestMs, performance.now() - last);
    return { result, longestMs };
  } finally {
    clearInterval(timer);
  }
}

// One import request must not freeze the server (decision 021).
describe('POST /account/import stays bounded', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  function send(user: { token: string }, payload: string) {
    return ctx.app.inject({
      method: 'POST',
      url: `${API}/account/import`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload,
    });
  }

  /** An export of an empty account, whose lists a case fills. */
  function emptyFile(): ExportFile {
    return buildLongLifeExport({
      now: ctx.clock.now(),
      days: 1,
      tasks: 0,
      goals: 1,
      diaryLength: 10,
    });
  }

  it('refuses a file of many bad rows at once, with 20 issues in a small answer', async () => {
    const file = { ...emptyFile(), tasks: Array.from({ length: 19_000 }, () => ({})) };
    const payload = JSON.stringify(file);
    const user = await buildUser(ctx);
    const { result: res, longestMs } = await withLoopWatch(() => send(user, payload));
    const body = expectFail(res, 400, 'VALIDATION_ERROR');
    expect(body.issues).toHaveLength(IMPORT_MAX_ISSUES);
    expect(body.issues[0]!.path).toMatch(/^body\.tasks\.0\./);
    expect(Buffer.byteLength(res.body)).toBeLessThan(MAX_ANSWER_BYTES);
    expect(longestMs).toBeLessThan(MAX_EVENT_LOOP_HOLD_MS);
  });

  it('refuses the review’s 50,000 bad rows by their count, before reading them', async () => {
    const payload = JSON.stringify({
      ...emptyFile(),
      tasks: Array.from({ length: 50_000 }, () => ({})),
    });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(150_000);
    const user = await buildUser(ctx);
    const { result: res, longestMs } = await withLoopWatch(() => send(user, payload));
    const body = expectFail(res, 400, 'VALIDATION_ERROR');
    expect(body.issues).toEqual([{ path: 'body.tasks', message: 'At most 20,000 rows' }]);
    expect(longestMs).toBeLessThan(MAX_EVENT_LOOP_HOLD_MS);
  });

  it.each(Object.entries(IMPORT_MAX_ROWS))(
    'refuses more %s than %i by name, and takes that many',
    async (list, max) => {
      // Check-ins and activities are lists of version 2 files, questionnaires and report links
      // of version 3, moods of version 1.
      const version = ['measureResults', 'reportLinks'].includes(list)
        ? 3
        : ['checkIns', 'activities'].includes(list)
          ? 2
          : 1;
      const file = { ...emptyFile(), ...(version > 1 ? { version, moods: [] } : {}) };
      const over = { ...file, [list]: Array.from({ length: max + 1 }, () => ({})) };
      const user = await buildUser(ctx);
      const before = await dumpUserRows(ctx, user.id);
      const body = expectFail(await send(user, JSON.stringify(over)), 400, 'VALIDATION_ERROR');
      expect(body.issues).toEqual([
        { path: `body.${list}`, message: `At most ${max.toLocaleString('en-US')} rows` },
      ]);
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      // At the cap, the rows are read (and refused as rows, not for their count).
      const at = { ...file, [list]: Array.from({ length: max }, () => ({})) };
      const atCap = expectFail(await send(user, JSON.stringify(at)), 400, 'VALIDATION_ERROR');
      expect(atCap.issues[0]!.path).toMatch(new RegExp(`^body\\.${list}\\.0`));
    },
  );

  it('refuses a row longer than any row can be, by name', async () => {
    const file = emptyFile();
    file.diaries[0]!.content = 'x'.repeat(200_000);
    const user = await buildUser(ctx);
    const body = expectFail(await send(user, JSON.stringify(file)), 400, 'VALIDATION_ERROR');
    expect(body.issues).toHaveLength(1);
    expect(body.issues[0]!.path).toBe('body.diaries.0');
    expect(body.issues[0]!.message).toMatch(/^Longer than [\d,]+ characters$/);
  });

  it('refuses a body of endless members, and a body that is not JSON', async () => {
    const user = await buildUser(ctx);
    const members = `{${Array.from({ length: 100 }, (_, i) => `"m${i}":1`).join(',')}}`;
    expectFail(await send(user, members), 400, 'VALIDATION_ERROR');
    expectFail(await send(user, '{"format":"wellspring-export","goals":[{}'), 400, 'BAD_REQUEST');
    expectFail(await send(user, '   '), 400, 'BAD_REQUEST');
  });

  it('tells a NUL character from the text \\u0000 written in a diary entry', async () => {
    const file = buildLongLifeExport({
      now: ctx.clock.now(),
      days: 2,
      tasks: 0,
      goals: 1,
      diaryLength: 10,
    });
    file.diaries[0]!.content = 'A note on JSON: \\u0000 is how a NUL is written.';
    const user = await buildUser(ctx);
    const res = await send(user, JSON.stringify(file));
    expect(res.statusCode, res.body).toBe(200);
    file.diaries[1]!.content = 'A real \u0000 one.';
    const other = await buildUser(ctx);
    const body = expectFail(await send(other, JSON.stringify(file)), 400, 'VALIDATION_ERROR');
    expect(body.issues).toEqual([
      { path: 'body.diaries.1.content', message: 'contains a character that cannot be saved' },
    ]);
  });

  it(
    'takes a file at every cap, under the body limit, without holding the event loop',
    { timeout: 180_000 },
    async () => {
      const file = buildLongLifeExport({
        now: ctx.clock.now(),
        days: IMPORT_MAX_ROWS.diaries,
        tasks: IMPORT_MAX_ROWS.tasks,
        goals: IMPORT_MAX_ROWS.goals,
        diaryLength: 2_400,
        templates: TASK_CATALOGUE.filter((t) => t.points >= 5_000),
      });
      expect(file.goals).toHaveLength(IMPORT_MAX_ROWS.goals);
      expect(file.moods).toHaveLength(IMPORT_MAX_ROWS.moods);
      const payload = JSON.stringify(file);
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(IMPORT_BODY_LIMIT_BYTES);
      const user = await buildUser(ctx);
      const { result: res, longestMs } = await withLoopWatch(() => send(user, payload));
      expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
      expect(res.json().data).toEqual({
        goals: IMPORT_MAX_ROWS.goals,
        tasks: IMPORT_MAX_ROWS.tasks,
        diaries: IMPORT_MAX_ROWS.diaries,
        moods: IMPORT_MAX_ROWS.moods,
        // A version 1 file: each mood comes in as its day's daily-mood check-in.
        checkIns: IMPORT_MAX_ROWS.moods,
        activities: 0,
        measureResults: 0,
        // None granted: backgrounds are won by goals completed here.
        backgrounds: 0,
      });
      expect(longestMs).toBeLessThan(MAX_EVENT_LOOP_HOLD_MS);
    },
  );
});
