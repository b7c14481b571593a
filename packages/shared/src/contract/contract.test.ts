import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { RegisterBodySchema } from './auth';
import { CreateDiaryBodySchema, DIARY_MAX_LENGTH } from './diary';
import { CreateGoalBodySchema, GoalTargetSchema } from './goal';
import { HistoryQuerySchema } from './history';
import { TaskListQuerySchema } from './task';
import { UpdateUserBodySchema } from './user';

/** The messages of a failed parse, by path; throws when the parse succeeds. */
function issuesOf(schema: z.ZodType, input: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('UpdateUserBodySchema', () => {
  it('accepts each field a user may change, alone', () => {
    for (const body of [
      { name: 'Ada' },
      { mood: 'Happy' },
      { mood: 'Unknown' },
      { hasSetMoodToday: true },
      { hasSetMoodToday: false },
      { hasOnboarded: true },
      { unannouncedExpiredTaskCount: 0 },
      { timeZone: 'Europe/Berlin' },
    ]) {
      expect(UpdateUserBodySchema.parse(body)).toEqual(body);
    }
  });

  it("refuses an empty body with 'Nothing to update'", () => {
    expect(issuesOf(UpdateUserBodySchema, {})).toEqual([
      { path: '', message: 'Nothing to update' },
    ]);
  });

  it('trims the name and keeps 60 characters, but not 61', () => {
    expect(UpdateUserBodySchema.parse({ name: '  Ada  ' })).toEqual({ name: 'Ada' });
    expect(UpdateUserBodySchema.parse({ name: ` ${'n'.repeat(60)} ` }).name).toHaveLength(60);
    expect(issuesOf(UpdateUserBodySchema, { name: 'n'.repeat(61) })).toEqual([
      { path: 'name', message: 'Names are at most 60 characters' },
    ]);
  });

  it("refuses a blank name with 'This field can't be empty'", () => {
    expect(issuesOf(UpdateUserBodySchema, { name: '   ' })).toEqual([
      { path: 'name', message: "This field can't be empty" },
    ]);
  });

  it.each([
    ['a mood in the wrong case', { mood: 'happy' }],
    ['an unknown mood', { mood: 'Angry' }],
    ['un-onboarding', { hasOnboarded: false }],
    ['a nonzero expired-task count', { unannouncedExpiredTaskCount: 3 }],
    ['the expired-task count as a string', { unannouncedExpiredTaskCount: '0' }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }],
    ['the email', { email: 'new@example.test' }],
    ['the diary streak', { diaryStreak: 99 }],
    ['the selected background', { selectedBackgroundURL: '/x.svg' }],
    ['a known field with an unknown one', { name: 'Ada', isAdmin: true }],
  ])('refuses %s', (_label, body) => {
    expect(UpdateUserBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('RegisterBodySchema', () => {
  const valid = {
    name: ' Ada Lovelace ',
    email: '  Ada@Example.TEST ',
    password: 'correct horse',
    confirmPassword: 'correct horse',
    terms: true,
  };

  it('trims the name and trims and lowercases the email', () => {
    expect(RegisterBodySchema.parse(valid)).toEqual({
      ...valid,
      name: 'Ada Lovelace',
      email: 'ada@example.test',
    });
  });

  it('refuses a confirmation that differs, on the confirmPassword field', () => {
    expect(issuesOf(RegisterBodySchema, { ...valid, confirmPassword: 'correct horsE' })).toEqual([
      { path: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });

  it('accepts passwords of 8 and 128 characters, not 7 or 129', () => {
    for (const length of [8, 128]) {
      const password = 'p'.repeat(length);
      expect(
        RegisterBodySchema.safeParse({ ...valid, password, confirmPassword: password }).success,
      ).toBe(true);
    }
    const seven = 'p'.repeat(7);
    expect(
      issuesOf(RegisterBodySchema, { ...valid, password: seven, confirmPassword: seven }),
    ).toEqual([{ path: 'password', message: 'Passwords are at least 8 characters' }]);
    const long = 'p'.repeat(129);
    expect(
      issuesOf(RegisterBodySchema, { ...valid, password: long, confirmPassword: long }).map(
        (i) => i.path,
      ),
    ).toContain('password');
  });

  it('needs the terms accepted, every field present, and nothing else', () => {
    expect(issuesOf(RegisterBodySchema, { ...valid, terms: false })).toEqual([
      { path: 'terms', message: 'Please accept the terms' },
    ]);
    expect(issuesOf(RegisterBodySchema, { ...valid, email: '   ' })).toEqual([
      { path: 'email', message: "Field can't be empty" },
    ]);
    expect(RegisterBodySchema.safeParse({ ...valid, email: 'not-an-email' }).success).toBe(false);
    const { confirmPassword: _omit, ...missing } = valid;
    expect(RegisterBodySchema.safeParse(missing).success).toBe(false);
    expect(RegisterBodySchema.safeParse({ ...valid, isAdmin: true }).success).toBe(false);
  });

  it('takes an optional, known time zone', () => {
    expect(RegisterBodySchema.parse({ ...valid, timeZone: 'Asia/Kolkata' }).timeZone).toBe(
      'Asia/Kolkata',
    );
    expect(RegisterBodySchema.safeParse({ ...valid, timeZone: 'Nowhere/Land' }).success).toBe(
      false,
    );
  });
});

describe('TaskListQuerySchema', () => {
  it('defaults to no page (the board), pages of 7, every status, no date', () => {
    expect(TaskListQuerySchema.parse({ id: 'u1' })).toEqual({ id: 'u1', size: 7 });
    const parsed = TaskListQuerySchema.parse({ id: 'u1', status: '', date: '' });
    expect(parsed.status).toBeUndefined();
    expect(parsed.date).toBeUndefined();
  });

  it('coerces the query strings into numbers', () => {
    expect(
      TaskListQuerySchema.parse({
        id: 'u1',
        page: '3',
        size: '50',
        status: 'Completed',
        date: '1773144000000',
      }),
    ).toEqual({ id: 'u1', page: 3, size: 50, status: 'Completed', date: 1_773_144_000_000 });
    expect(TaskListQuerySchema.parse({ id: 'u1', size: '1', status: 'OnGoing' })).toMatchObject({
      size: 1,
      status: 'OnGoing',
    });
  });

  it.each([
    ['page 0', { page: '0' }],
    ['a negative page', { page: '-1' }],
    ['a fractional page', { page: '1.5' }],
    ['a page with trailing letters', { page: '12abc' }],
    ['an infinite page', { page: '1e309' }],
    ['an empty page', { page: '' }],
    ['size 0', { size: '0' }],
    ['size 51, past the cap', { size: '51' }],
    ['a fractional size', { size: '7.5' }],
    ['an infinite size', { size: '1e309' }],
    ['an unknown status', { status: 'Expired' }],
    ['a lower-case status', { status: 'ongoing' }],
    ['a negative date', { date: '-1' }],
    ['a fractional date', { date: '1.5' }],
    ['a date with trailing letters', { date: '12abc' }],
    ['an infinite date', { date: '1e309' }],
    ['a date past the last instant JavaScript knows', { date: '8640000000000001' }],
    ['an unknown parameter', { sort: 'asc' }],
  ])('refuses %s', (_label, change) => {
    expect(TaskListQuerySchema.safeParse({ id: 'u1', ...change }).success).toBe(false);
  });

  it('needs the user id', () => {
    expect(TaskListQuerySchema.safeParse({}).success).toBe(false);
    expect(TaskListQuerySchema.safeParse({ id: '' }).success).toBe(false);
  });
});

describe('HistoryQuerySchema', () => {
  it('takes neither date (the summary) or both (the daily rows)', () => {
    expect(HistoryQuerySchema.parse({ id: 'u1' })).toEqual({ id: 'u1' });
    expect(HistoryQuerySchema.parse({ id: 'u1', startDate: '', endDate: '' })).toEqual({
      id: 'u1',
      startDate: undefined,
      endDate: undefined,
    });
    expect(HistoryQuerySchema.parse({ id: 'u1', startDate: '1000', endDate: '2000' })).toEqual({
      id: 'u1',
      startDate: 1000,
      endDate: 2000,
    });
  });

  it('accepts a range of a single instant', () => {
    expect(HistoryQuerySchema.parse({ id: 'u1', startDate: '5', endDate: '5' })).toMatchObject({
      startDate: 5,
      endDate: 5,
    });
  });

  it.each([[{ startDate: '1000' }], [{ endDate: '1000' }], [{ startDate: '1000', endDate: '' }]])(
    'refuses one date without the other (%j)',
    (change) => {
      expect(issuesOf(HistoryQuerySchema, { id: 'u1', ...change })).toEqual([
        { path: '', message: 'startDate and endDate go together' },
      ]);
    },
  );

  it('refuses a start after the end', () => {
    expect(issuesOf(HistoryQuerySchema, { id: 'u1', startDate: '2001', endDate: '2000' })).toEqual([
      { path: '', message: 'startDate must not be after endDate' },
    ]);
  });

  it.each(['-1', '1.5', '12abc', '1e309'])('refuses startDate %s', (startDate) => {
    expect(HistoryQuerySchema.safeParse({ id: 'u1', startDate, endDate: '2000' }).success).toBe(
      false,
    );
  });
});

describe('CreateDiaryBodySchema', () => {
  it('trims the content', () => {
    expect(CreateDiaryBodySchema.parse({ id: 'u1', content: '  Dear Diary,\n today.\n ' })).toEqual(
      {
        id: 'u1',
        content: 'Dear Diary,\n today.',
      },
    );
  });

  it.each(['', '   ', '\n\t '])(
    "refuses blank content %j with 'Diary Can't be Empty'",
    (content) => {
      expect(issuesOf(CreateDiaryBodySchema, { id: 'u1', content })).toEqual([
        { path: 'content', message: "Diary Can't be Empty" },
      ]);
    },
  );

  it('counts the length after trimming: 20,000 characters pass, 20,001 do not', () => {
    expect(DIARY_MAX_LENGTH).toBe(20_000);
    const longest = 'd'.repeat(20_000);
    expect(CreateDiaryBodySchema.parse({ id: 'u1', content: `  ${longest}  ` }).content).toBe(
      longest,
    );
    expect(issuesOf(CreateDiaryBodySchema, { id: 'u1', content: `${longest}d` })).toEqual([
      { path: 'content', message: 'A diary entry is at most 20,000 characters' },
    ]);
  });

  it('needs the user id and nothing else', () => {
    expect(CreateDiaryBodySchema.safeParse({ content: 'hello' }).success).toBe(false);
    expect(
      CreateDiaryBodySchema.safeParse({ id: 'u1', content: 'hi', mood: 'Happy' }).success,
    ).toBe(false);
  });

  it('takes a missed day to back-fill, or the moment written offline, not both', () => {
    const body = { id: 'u1', content: 'hi', date: '2020-01-01' };
    expect(CreateDiaryBodySchema.safeParse(body).success).toBe(true);
    expect(
      CreateDiaryBodySchema.safeParse({ ...body, writtenAt: '2020-01-01T10:00:00Z' }).success,
    ).toBe(false);
  });
});

describe('GoalTargetSchema', () => {
  it.each([50_000, 150_000, 500_000])('accepts %i', (target) => {
    expect(GoalTargetSchema.parse(target)).toBe(target);
    expect(CreateGoalBodySchema.parse({ target })).toEqual({ target });
  });

  it.each([0, 49_999, 75_000, 550_000, -50_000])('refuses %i with the rule in words', (target) => {
    expect(issuesOf(GoalTargetSchema, target)).toEqual([
      { path: '', message: 'A target is a multiple of 50,000 from 50,000 to 500,000' },
    ]);
  });

  it('refuses a fraction, a string and anything but a number', () => {
    for (const target of [50_000.5, '50000', null, undefined, Number.NaN]) {
      expect(GoalTargetSchema.safeParse(target).success).toBe(false);
    }
  });

  it('refuses a goal body with fields the server derives', () => {
    expect(CreateGoalBodySchema.safeParse({ target: 50_000, earned: 50_000 }).success).toBe(false);
  });
});

describe('whole numbers in query strings', () => {
  it.each(['0x10', ' 7 ', '1e3', '1.0', '7abc', '', '+3'])('refuses page=%j', (page) => {
    expect(TaskListQuerySchema.safeParse({ id: 'u1', page }).success).toBe(false);
  });

  it('takes plain digits', () => {
    expect(TaskListQuerySchema.parse({ id: 'u1', page: '12', size: '50' })).toMatchObject({
      page: 12,
      size: 50,
    });
  });
});
