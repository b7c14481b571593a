// The workload: writer loops that register users and walk them through a day's writes (mood,
// goal, tasks accepted and completed, diary), each acknowledged write put in the ledger.
import { randomBytes } from 'node:crypto';
import { type Answer, type Api, type Envelope, type IdRow, ok } from './http';
import { type Ledger, type MoodWrite, type TrackedUser, utcDate } from './ledger';
import { MAX_REQUESTS_PER_WRITER, type Mood, MOODS, TASKS_PER_USER } from './settings';

export interface WriterContext {
  api: Api;
  ledger: Ledger;
  cycle: number;
  runId: string;
  stop: { now: boolean };
  random: () => number;
  counters: { sent: number; failed: number; serverErrors: number };
}

/**
 * A writer: sends writes one after the other, and stops at the kill, after MAX_REQUESTS_PER_WRITER
 * requests, or at the deadline, whichever comes first.
 */
export class Writer {
  private requests = 0;
  private userNumber = 0;

  constructor(
    readonly ctx: WriterContext,
    readonly index: number,
    readonly deadline: number,
  ) {}

  get more(): boolean {
    return (
      !this.ctx.stop.now && this.requests < MAX_REQUESTS_PER_WRITER && Date.now() < this.deadline
    );
  }

  /** Sends one request: its answer when acknowledged (2xx); undefined when the server is gone. */
  async send<T>(
    method: string,
    url: string,
    options: { token?: string; body?: unknown },
  ): Promise<Answer<T> | undefined> {
    const { ctx } = this;
    if (!this.more) return undefined;
    this.requests += 1;
    ctx.counters.sent += 1;
    let answer: Answer<T>;
    try {
      answer = await ctx.api.call<T>(method, url, options);
    } catch {
      // No answer (refused, reset, timed out): the kill, or the server is about to go.
      ctx.counters.failed += 1;
      return undefined;
    }
    if (ok(answer.status)) return answer;
    ctx.counters.failed += 1;
    if (answer.status >= 500) ctx.counters.serverErrors += 1;
    // A 503 is a server that is closing; anything else while it runs is a bug in this script
    // or in the API, and is reported rather than passed over.
    if (ctx.stop.now || answer.status === 503) return undefined;
    throw new Error(
      `${method} ${url.split('?')[0]} answered ${answer.status}: ${answer.text.slice(0, 300)}`,
    );
  }

  /** Registers a new user (a write itself); undefined when it was not acknowledged. */
  async register(): Promise<TrackedUser | undefined> {
    const { ctx } = this;
    this.userNumber += 1;
    const password = 'correct horse battery';
    const registered = await this.send<{ token: string; userData: IdRow }>(
      'POST',
      '/api/v1/auth/register',
      {
        body: {
          name: `Crash ${this.index}-${this.userNumber}`,
          email: `crash-${ctx.runId}-c${ctx.cycle}-w${this.index}-${this.userNumber}@example.test`,
          password,
          confirmPassword: password,
          terms: true,
          timeZone: 'UTC',
        },
      },
    );
    if (!registered) return undefined;
    const user: TrackedUser = {
      id: registered.body.userData.id,
      token: registered.body.token,
      cycle: ctx.cycle,
      moods: [],
      goals: [],
      tasks: [],
      completed: [],
      diaries: [],
    };
    ctx.ledger.users.push(user);
    ctx.ledger.ack();
    return user;
  }

  /**
   * Walks a user through a day's writes: a mood, a goal, tasks up to the daily limit (completing
   * as it goes, at most 10 may be OnGoing), the diary and more moods (each replacing the last one
   * of the day) in between. Answers false when the server went away.
   */
  async walk(user: TrackedUser): Promise<boolean> {
    const { ctx } = this;
    const q = `id=${user.id}`;
    const auth = { token: user.token };

    const setMood = async (mood: Mood) => {
      const write: MoodWrite = { seq: user.moods.length, mood, dates: [utcDate()], acked: false };
      user.moods.push(write);
      const answer = await this.send('PATCH', `/api/v1/user?${q}`, { ...auth, body: { mood } });
      write.dates.push(utcDate());
      if (!answer) return false;
      write.acked = true;
      ctx.ledger.ack();
      return true;
    };
    let moodIndex = Math.floor(ctx.random() * MOODS.length);
    const nextMood = () => MOODS[moodIndex++ % MOODS.length]!;
    if (!(await setMood(nextMood()))) return false;

    const goal = await this.send<Envelope<IdRow>>('POST', `/api/v1/goal?${q}`, {
      ...auth,
      body: { target: 500_000 },
    });
    if (!goal) return false;
    user.goals.push(goal.body.data.id);
    ctx.ledger.ack();

    const diaryAt = Math.floor(ctx.random() * TASKS_PER_USER);
    const ongoing: string[] = [];
    for (let i = 0; i < TASKS_PER_USER; i++) {
      const offered = await this.send<
        Envelope<{ templateId: string; title: string; mood: string }>
      >('GET', `/api/v1/task/generated?${q}&mood=${MOODS[i % MOODS.length]}`, auth);
      if (!offered) return false;
      const { templateId, title, mood } = offered.body.data;
      const task = await this.send<Envelope<IdRow>>('POST', `/api/v1/task?${q}`, {
        ...auth,
        body: { templateId, title, mood },
      });
      if (!task) return false;
      user.tasks.push({ id: task.body.data.id, day: utcDate() });
      ongoing.push(task.body.data.id);
      ctx.ledger.ack();

      if (ongoing.length > 3) {
        // Completing moves the task and the goal's points in one transaction.
        const taskId = ongoing.shift()!;
        const completed = await this.send(
          'POST',
          `/api/v1/task/completed?taskId=${taskId}&userId=${user.id}`,
          auth,
        );
        if (!completed) return false;
        user.completed.push(taskId);
        ctx.ledger.ack();
      }

      if (i === diaryAt) {
        const content = `Crash test entry ${randomBytes(8).toString('hex')}: a walk, a cup of tea.`;
        const diary = await this.send<Envelope<IdRow>>('POST', '/api/v1/diary', {
          ...auth,
          body: { id: user.id, content },
        });
        if (!diary) return false;
        user.diaries.push({ id: diary.body.data.id, content });
        ctx.ledger.ack();
      }

      if (i % 5 === 4 && !(await setMood(nextMood()))) return false;
    }
    return true;
  }

  /**
   * The loop of one writer. Writer 1 only registers (so the kill also lands on registrations);
   * the others walk the user registered for them before the kill clock started, then new ones.
   */
  async run(first: TrackedUser | undefined): Promise<void> {
    if (this.index === 1) {
      while (this.more && (await this.register()));
      return;
    }
    let user = first;
    while (user && this.more && (await this.walk(user))) user = await this.register();
  }
}
