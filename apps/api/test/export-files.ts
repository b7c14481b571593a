import {
  addDays,
  EXPORT_FORMAT,
  getDifficultyTier,
  MOODS,
  toLocalDate,
  type ChosenMood,
  type ExportFile,
  type ExportGoal,
  type ExportTask,
} from '@wellspring/shared';
import { randomUUID } from 'node:crypto';
import { DEFAULT_BACKGROUND_SLUG } from '../src/db/seed';
import { SEED_BACKGROUNDS } from '../src/db/seed/backgrounds';
import { TASK_CATALOGUE, type CatalogueTask } from '../src/db/seed/task-catalogue';

export interface LongLifeOptions {
  /** The moment of the export; the last day of the life is this day in UTC. */
  now: Date;
  /** Days of daily use, each with a diary entry and a mood, the last one today. */
  days: number;
  /** Tasks accepted in all, spread evenly over the days (at most 5 a day, today's OnGoing). */
  tasks: number;
  /** Goals in all, the last one in progress; fewer when the points run out first. */
  goals: number;
  /** Characters of each diary entry. */
  diaryLength: number;
  /** Catalogue tasks to draw completed tasks from, in turn (the whole catalogue by default). */
  templates?: readonly CatalogueTask[];
}

const DAY = 86_400_000;
const WORDS =
  'today I walked by the river and the light was soft I called my sister we laughed about ' +
  'nothing in particular the tea went cold while I read a few pages slept early felt calmer ' +
  'than yesterday work was heavy but I took a break and breathed for a while';

function diaryText(day: number, length: number): string {
  const words = WORDS.split(' ');
  let text = `Day ${day}.`;
  for (let i = day; text.length < length; i += 7) text += ` ${words[i % words.length]}`;
  return text.slice(0, length).trimEnd() || 'A day.';
}

/** The targets of the goals in turn: three of tier I, four of II, four of III, then tier I. */
function targetOf(index: number): number {
  if (index < 3) return 50_000;
  if (index < 7) return 200_000;
  if (index < 11) return 400_000;
  return 50_000;
}

/**
 * The export of a long life lived by the product's rules, day by day, in UTC: a diary entry and a
 * mood every day; tasks of the catalogue accepted each day, most completed that day, one in
 * twenty left to expire, today's still OnGoing; goals completed as their points reach the target,
 * each reward (a background of the goal's tier not owned yet) claimed at once; the last goal in
 * progress. Every such file imports.
 */
export function buildLongLifeExport(options: LongLifeOptions): ExportFile {
  const { now, days, diaryLength } = options;
  const templates = options.templates ?? TASK_CATALOGUE;
  const today = toLocalDate(now, 'UTC');
  const firstDay = addDays(today, -(days - 1));
  const dayStart = (day: number) => Date.parse(`${addDays(firstDay, day)}T00:00:00.000Z`);
  /** A moment of a day, as a share of it; today's shares fall between midnight and now. */
  const at = (day: number, share: number) => {
    const length = day === days - 1 ? now.getTime() - dayStart(day) : DAY;
    return dayStart(day) + Math.floor(share * length);
  };
  const iso = (ms: number) => new Date(ms).toISOString();

  const owned = new Map([[DEFAULT_BACKGROUND_SLUG, iso(at(0, 0))]]);
  const goals: ExportGoal[] = [];
  const tasks: ExportTask[] = [];
  const openGoal = (createdAt: number): ExportGoal => {
    const isLast = goals.length === options.goals - 1;
    const target = isLast ? 500_000 : targetOf(goals.length);
    const goal: ExportGoal = {
      id: randomUUID(),
      target,
      earned: 0,
      taskCompleted: 0,
      status: 'OnProgress',
      tier: getDifficultyTier(target),
      hasClaimedReward: false,
      rewardBackground: null,
      createdAt: iso(createdAt),
      completedAt: null,
    };
    goals.push(goal);
    return goal;
  };
  let goal = openGoal(at(0, 0.05));
  let next = 0;

  for (let day = 0; day < days; day += 1) {
    const date = addDays(firstDay, day);
    const isToday = day === days - 1;
    const count =
      Math.floor(((day + 1) * options.tasks) / days) - Math.floor((day * options.tasks) / days);
    if (count > 5) throw new Error('At most 5 tasks a day: give more days or fewer tasks');
    for (let n = 0; n < count; n += 1) {
      const createdAt = at(day, 0.3 + n * 0.1);
      const template = isToday
        ? TASK_CATALOGUE[n]! // distinct catalogue tasks, as no two may be OnGoing at once
        : templates[next++ % templates.length]!;
      const completedAt = at(day, 0.3 + n * 0.1 + 0.01);
      const isLast = goals.length === options.goals;
      const wouldFinishLast = isLast && goal.earned + template.points >= goal.target;
      const status = isToday
        ? 'OnGoing'
        : (tasks.length + 1) % 20 === 0 || wouldFinishLast
          ? 'Expired'
          : 'Completed';
      const isCompleted = status === 'Completed';
      tasks.push({
        id: randomUUID(),
        goalId: goal.id,
        templateSlug: template.slug,
        title: template.title,
        description: template.description,
        mood: template.mood,
        points: template.points,
        status,
        createdAt: iso(createdAt),
        acceptedOn: date,
        completedAt: isCompleted ? iso(completedAt) : null,
        completedOn: isCompleted ? date : null,
      });
      if (!isCompleted) continue;
      goal.earned += template.points;
      goal.taskCompleted += 1;
      if (goal.earned < goal.target) continue;
      goal.status = 'Completed';
      goal.completedAt = iso(completedAt);
      const reward = SEED_BACKGROUNDS.find((b) => b.tier === goal.tier && !owned.has(b.slug));
      if (reward) {
        goal.rewardBackground = reward.slug;
        goal.hasClaimedReward = true;
        owned.set(reward.slug, iso(at(day, 0.3 + n * 0.1 + 0.02)));
      }
      goal = openGoal(at(day, 0.3 + n * 0.1 + 0.03));
    }
  }

  const dates = Array.from({ length: days }, (_, day) => addDays(firstDay, day));
  return {
    format: EXPORT_FORMAT,
    // A version 1 file: a mood a day (version 2 files come from the export itself).
    version: 1,
    exportedAt: now.toISOString(),
    user: {
      name: 'Long Life',
      email: 'long-life@example.test',
      pictureURL: null,
      timeZone: 'UTC',
      hasOnboarded: true,
      createdAt: iso(at(0, 0)),
      selectedBackground: [...owned.keys()].at(-1)!,
    },
    goals,
    tasks,
    diaries: dates.map((date, day) => ({
      date,
      createdAt: iso(at(day, 0.9)),
      content: diaryText(day, diaryLength),
    })),
    moods: dates.map((date, day) => ({
      date,
      mood: MOODS[day % MOODS.length] as ChosenMood,
      updatedAt: iso(at(day, 0.1)),
    })),
    activities: [],
    checkIns: [],
    measureResults: [],
    reportLinks: [],
    backgrounds: [...owned].map(([slug, acquiredAt]) => ({ slug, acquiredAt })),
  };
}
