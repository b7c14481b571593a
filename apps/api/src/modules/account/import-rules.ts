import {
  answersProblem,
  MEASURES,
  activityNameKey,
  CHECK_INS_PER_DAY_MAX,
  getDifficultyTier,
  isGoalReached,
  isLocalDateOfInstant,
  type ExportFile,
  type ExportGoal,
  type LocalDate,
} from '@wellspring/shared';
import type { TimeSlicer } from '../../lib/time-slicer';
import { MAX_ONGOING_TASKS, MAX_TASKS_ACCEPTED_PER_DAY } from '../task/task.service';
import type { ImportIssues } from './import-issues';

/** What this installation has: catalogue tasks and backgrounds by slug, and the default one. */
export interface ImportCatalogue {
  tasks: Map<
    string,
    { id: string; title: string; description: string; points: number; mood: string }
  >;
  backgrounds: Map<string, { id: string; tier: number }>;
  defaultBackground: string;
}

/** The server's clock: now, and today in the file's time zone. */
export interface ImportClock {
  now: Date;
  today: LocalDate;
}

const FUTURE = 'Lies in the future';
const NOT_THE_DAY = 'Is not the date of its time in any time zone';
const WRITTEN_BEFORE = 'Is later than the day it was written in any time zone';
/** The earliest time zone is 14 hours ahead of UTC. */
const EARLIEST_ZONE_MS = 14 * 3_600_000;

/** A back-filled day must have begun, somewhere, by the time it was written. */
function isAfterWritten(date: LocalDate, writtenAt: string): boolean {
  return Date.parse(`${date}T00:00:00Z`) - EARLIEST_ZONE_MS > Date.parse(writtenAt);
}

/** Index of each id in the file; a second row with the same key is an issue. */
function indexUnique<T>(
  rows: readonly T[],
  key: (row: T) => string,
  path: (i: number) => (string | number)[],
  issues: ImportIssues,
): Map<string, number> {
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const value = key(row);
    if (seen.has(value)) issues.add(path(i), `Appears twice: ${value}`);
    else seen.set(value, i);
  });
  return seen;
}

/**
 * The rules the product keeps, checked across the rows of an export file so that an import
 * brings in only what the API itself could have produced: nothing dated after now (or after
 * today, in the file's time zone); each goal's totals, status and tier as its completed tasks and
 * target make them, goals one after another, each reward a background of the goal's tier not
 * owned yet, claimed before the next goal; each task's points and mood the catalogue's, accepted
 * while its goal was in progress, at most MAX_TASKS_ACCEPTED_PER_DAY a day and MAX_ONGOING_TASKS
 * still OnGoing; one diary entry and one mood a day; at most CHECK_INS_PER_DAY_MAX check-ins a day,
 * one of them the daily mood, naming the file's activities, whose names are unique ignoring case;
 * a back-filled entry written after its day began; owned backgrounds the default and the
 * rewards claimed in the file. Issues name the rows at fault, first rows first, and the checks
 * stop once `issues` is full. Slugs must already be known to the catalogue.
 */
export async function checkImportRules(
  file: ExportFile,
  catalogue: ImportCatalogue,
  clock: ImportClock,
  issues: ImportIssues,
  slicer: TimeSlicer,
): Promise<void> {
  const now = clock.now.getTime();
  const isFuture = (timestamp: string) => Date.parse(timestamp) > now;
  const laterDay = (date: LocalDate) => date > clock.today;
  const LATER_DAY = `Is later than today (${clock.today})`;
  const pause = () => (slicer.isDue() ? slicer.pause() : undefined);

  // ---- The user and the backgrounds it owns ----
  const { user } = file;
  if (isFuture(user.createdAt)) issues.add(['user', 'createdAt'], FUTURE);
  const owned = indexUnique(
    file.backgrounds,
    (b) => b.slug,
    (i) => ['backgrounds', i, 'slug'],
    issues,
  );
  if (user.selectedBackground !== null && !owned.has(user.selectedBackground)) {
    issues.add(['user', 'selectedBackground'], 'Is not among the backgrounds');
  }

  // ---- Goals, with the totals of their completed tasks ----
  const goalIndex = indexUnique(
    file.goals,
    (g) => g.id,
    (i) => ['goals', i, 'id'],
    issues,
  );
  const totals = file.goals.map(() => ({ earned: 0, count: 0 }));
  for (const task of file.tasks) {
    const goal = goalIndex.get(task.goalId);
    if (goal !== undefined && task.status === 'Completed') {
      totals[goal]!.earned += task.points;
      totals[goal]!.count += 1;
    }
  }
  file.goals.forEach((goal, i) => {
    const isCompleted = goal.status === 'Completed';
    if (goal.tier !== getDifficultyTier(goal.target)) {
      issues.add(['goals', i, 'tier'], 'Is not the tier of the target');
    }
    if (totals[i]!.earned !== goal.earned) {
      issues.add(['goals', i, 'earned'], 'Is not the sum of the points of its completed tasks');
    }
    if (totals[i]!.count !== goal.taskCompleted) {
      issues.add(['goals', i, 'taskCompleted'], 'Is not the number of its completed tasks');
    }
    if (isCompleted !== isGoalReached(goal.earned, goal.target)) {
      issues.add(
        ['goals', i, 'status'],
        'A goal is completed exactly when its points reach the target',
      );
    }
    if (isFuture(goal.createdAt)) issues.add(['goals', i, 'createdAt'], FUTURE);
    if (isCompleted !== (goal.completedAt !== null)) {
      issues.add(['goals', i, 'completedAt'], 'Only a completed goal has completedAt');
    } else if (goal.completedAt !== null) {
      if (isFuture(goal.completedAt)) issues.add(['goals', i, 'completedAt'], FUTURE);
      if (Date.parse(goal.completedAt) < Date.parse(goal.createdAt)) {
        issues.add(['goals', i, 'completedAt'], 'Is before createdAt');
      }
    }
    if (goal.rewardBackground !== null) {
      if (!isCompleted) {
        issues.add(['goals', i, 'rewardBackground'], 'Only a completed goal wins a reward');
      } else if (catalogue.backgrounds.get(goal.rewardBackground)!.tier !== goal.tier) {
        issues.add(['goals', i, 'rewardBackground'], "Is not a background of the goal's tier");
      }
    }
    if (goal.hasClaimedReward) {
      if (goal.rewardBackground === null) {
        issues.add(['goals', i, 'hasClaimedReward'], 'The goal has no reward to claim');
      } else if (!owned.has(goal.rewardBackground)) {
        issues.add(
          ['goals', i, 'hasClaimedReward'],
          'A claimed reward must be among the backgrounds',
        );
      }
    }
  });

  // One goal after another: each but the latest completed, its reward claimed, before the next.
  const byStart = file.goals
    .map((goal, i) => ({ goal, i, start: Date.parse(goal.createdAt) }))
    .sort((a, b) => a.start - b.start || completion(a.goal) - completion(b.goal));
  const won = new Set<string>([catalogue.defaultBackground]);
  byStart.forEach(({ goal, i }, k) => {
    const reward = goal.rewardBackground;
    if (reward !== null) {
      if (won.has(reward)) {
        issues.add(
          ['goals', i, 'rewardBackground'],
          'Was owned already: a goal wins a background not owned yet',
        );
      }
      won.add(reward);
    }
    const next = byStart[k + 1];
    if (!next) return;
    if (goal.status !== 'Completed') {
      issues.add(['goals', i, 'status'], 'Only the latest goal can be in progress');
    } else if (next.start < completion(goal)) {
      issues.add(['goals', next.i, 'createdAt'], 'Starts before the goal before it was completed');
    }
    if (reward !== null && !goal.hasClaimedReward) {
      issues.add(
        ['goals', i, 'hasClaimedReward'],
        'A reward is claimed before the next goal starts',
      );
    }
  });
  await pause();

  // ---- Tasks ----
  const acceptedPerDay = new Map<LocalDate, number>();
  const stillOngoing = new Set<string>();
  for (let i = 0; i < file.tasks.length && !issues.isFull; i += 1) {
    const task = file.tasks[i]!;
    const at = (field: string) => ['tasks', i, field];
    const template = catalogue.tasks.get(task.templateSlug)!;
    if (task.points !== template.points) {
      issues.add(at('points'), `Is not the catalogue's points for this task (${template.points})`);
    }
    if (task.mood !== template.mood) {
      issues.add(at('mood'), `Is not the catalogue's mood for this task (${template.mood})`);
    }
    const created = Date.parse(task.createdAt);
    if (created > now) issues.add(at('createdAt'), FUTURE);
    if (laterDay(task.acceptedOn)) issues.add(at('acceptedOn'), LATER_DAY);
    else if (!isLocalDateOfInstant(task.acceptedOn, created))
      issues.add(at('acceptedOn'), NOT_THE_DAY);

    const goalAt = goalIndex.get(task.goalId);
    const goal = goalAt === undefined ? undefined : file.goals[goalAt]!;
    if (!goal) {
      issues.add(at('goalId'), 'No goal of the file has this id');
    } else if (created < Date.parse(goal.createdAt) || created > completion(goal)) {
      issues.add(at('createdAt'), 'Is not a time its goal was in progress');
    }

    const isCompleted = task.status === 'Completed';
    if (
      isCompleted !== (task.completedAt !== null) ||
      isCompleted !== (task.completedOn !== null)
    ) {
      issues.add(at('completedAt'), 'Only a completed task has completedAt and completedOn');
    } else if (task.completedAt !== null && task.completedOn !== null) {
      const completed = Date.parse(task.completedAt);
      if (completed > now) issues.add(at('completedAt'), FUTURE);
      else if (completed < created) issues.add(at('completedAt'), 'Is before createdAt');
      if (laterDay(task.completedOn)) issues.add(at('completedOn'), LATER_DAY);
      else if (!isLocalDateOfInstant(task.completedOn, completed))
        issues.add(at('completedOn'), NOT_THE_DAY);
    }

    const accepted = (acceptedPerDay.get(task.acceptedOn) ?? 0) + 1;
    acceptedPerDay.set(task.acceptedOn, accepted);
    if (accepted > MAX_TASKS_ACCEPTED_PER_DAY) {
      issues.add(
        at('acceptedOn'),
        `More than ${MAX_TASKS_ACCEPTED_PER_DAY} tasks accepted that day`,
      );
    }
    // OnGoing from an earlier day comes back Expired; today's stay OnGoing, as the API keeps them.
    if (task.status === 'OnGoing' && task.acceptedOn === clock.today) {
      if (stillOngoing.has(task.templateSlug)) {
        issues.add(at('templateSlug'), 'This catalogue task is OnGoing twice');
      }
      stillOngoing.add(task.templateSlug);
      if (stillOngoing.size > MAX_ONGOING_TASKS) {
        issues.add(at('status'), `More than ${MAX_ONGOING_TASKS} tasks OnGoing at once`);
      }
    }
    await pause();
  }

  // ---- Diary entries and moods: one a day, stamped on the day they were written ----
  indexUnique(
    file.diaries,
    (d) => d.date,
    (i) => ['diaries', i, 'date'],
    issues,
  );
  for (let i = 0; i < file.diaries.length && !issues.isFull; i += 1) {
    const diary = file.diaries[i]!;
    if (isFuture(diary.createdAt)) issues.add(['diaries', i, 'createdAt'], FUTURE);
    if (laterDay(diary.date)) issues.add(['diaries', i, 'date'], LATER_DAY);
    else if (diary.isBackfilled) {
      if (isAfterWritten(diary.date, diary.createdAt)) {
        issues.add(['diaries', i, 'date'], WRITTEN_BEFORE);
      }
    } else if (!isLocalDateOfInstant(diary.date, Date.parse(diary.createdAt))) {
      issues.add(['diaries', i, 'date'], NOT_THE_DAY);
    }
    await pause();
  }
  indexUnique(
    file.moods,
    (m) => m.date,
    (i) => ['moods', i, 'date'],
    issues,
  );
  for (let i = 0; i < file.moods.length && !issues.isFull; i += 1) {
    const mood = file.moods[i]!;
    if (isFuture(mood.updatedAt)) issues.add(['moods', i, 'updatedAt'], FUTURE);
    if (laterDay(mood.date)) issues.add(['moods', i, 'date'], LATER_DAY);
    else if (!isLocalDateOfInstant(mood.date, Date.parse(mood.updatedAt))) {
      issues.add(['moods', i, 'date'], NOT_THE_DAY);
    }
    await pause();
  }

  // ---- Version 2: activities, and check-ins (at most 20 a day, one of them the daily mood) ----
  const activityIndex = indexUnique(
    file.activities,
    (a) => a.id,
    (i) => ['activities', i, 'id'],
    issues,
  );
  indexUnique(
    file.activities,
    (a) => activityNameKey(a.name),
    (i) => ['activities', i, 'name'],
    issues,
  );
  const perDay = new Map<LocalDate, { count: number; daily: number }>();
  for (let i = 0; i < file.checkIns.length && !issues.isFull; i += 1) {
    const checkIn = file.checkIns[i]!;
    const at = (field: string) => ['checkIns', i, field];
    if (isFuture(checkIn.takenAt)) issues.add(at('takenAt'), FUTURE);
    if (laterDay(checkIn.date)) issues.add(at('date'), LATER_DAY);
    else if (checkIn.isBackfilled) {
      if (isAfterWritten(checkIn.date, checkIn.takenAt)) issues.add(at('date'), WRITTEN_BEFORE);
    } else if (!isLocalDateOfInstant(checkIn.date, Date.parse(checkIn.takenAt))) {
      issues.add(at('date'), NOT_THE_DAY);
    }
    checkIn.activityIds.forEach((id, k) => {
      if (!activityIndex.has(id)) {
        issues.add(['checkIns', i, 'activityIds', k], 'No activity of the file has this id');
      }
    });
    const day = perDay.get(checkIn.date) ?? { count: 0, daily: 0 };
    day.count += 1;
    if (checkIn.isDailyMood) day.daily += 1;
    perDay.set(checkIn.date, day);
    if (day.count > CHECK_INS_PER_DAY_MAX) {
      issues.add(at('date'), `More than ${CHECK_INS_PER_DAY_MAX} check-ins that day`);
    }
    if (checkIn.isDailyMood && day.daily > 1) {
      issues.add(at('isDailyMood'), 'A day has at most one daily mood');
    }
    await pause();
  }

  // ---- Version 3: questionnaires, scored as published, one of each measure a day ----
  indexUnique(
    file.measureResults,
    (r) => `${r.measure} ${r.date}`,
    (i) => ['measureResults', i, 'date'],
    issues,
  );
  for (let i = 0; i < file.measureResults.length && !issues.isFull; i += 1) {
    const result = file.measureResults[i]!;
    const at = (field: string) => ['measureResults', i, field];
    const problem = answersProblem(result.measure, result.answers);
    if (problem !== null) issues.add(at('answers'), problem);
    if (result.difficulty !== null && MEASURES[result.measure].difficulty === null) {
      issues.add(
        at('difficulty'),
        `${MEASURES[result.measure].shortName} has no difficulty question`,
      );
    }
    if (isFuture(result.takenAt)) issues.add(at('takenAt'), FUTURE);
    if (laterDay(result.date)) issues.add(at('date'), LATER_DAY);
    else if (!isLocalDateOfInstant(result.date, Date.parse(result.takenAt))) {
      issues.add(at('date'), NOT_THE_DAY);
    }
    await pause();
  }

  // ---- Owned backgrounds: the default one and the rewards claimed in the file ----
  const claimedBy = new Map<string, ExportGoal>();
  for (const goal of file.goals) {
    if (goal.hasClaimedReward && goal.rewardBackground) claimedBy.set(goal.rewardBackground, goal);
  }
  file.backgrounds.forEach((background, i) => {
    if (isFuture(background.acquiredAt)) issues.add(['backgrounds', i, 'acquiredAt'], FUTURE);
    if (background.slug === catalogue.defaultBackground) return;
    const goal = claimedBy.get(background.slug);
    if (!goal) {
      issues.add(
        ['backgrounds', i, 'slug'],
        'Was never won: not a reward claimed by a goal of the file',
      );
    } else if (Date.parse(background.acquiredAt) < completion(goal)) {
      issues.add(['backgrounds', i, 'acquiredAt'], 'Is before its goal was completed');
    }
  });
}

/** When the goal was completed, in milliseconds; never for a goal in progress. */
function completion(goal: ExportGoal): number {
  return goal.completedAt === null ? Number.POSITIVE_INFINITY : Date.parse(goal.completedAt);
}
