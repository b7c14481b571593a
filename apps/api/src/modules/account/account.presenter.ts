import type { DiaryVault } from '../diary/diary-vault';
import type {
  ExportActivity,
  ExportCheckIn,
  ExportDiary,
  ExportFile,
  ExportGoal,
  ExportMood,
  ExportTask,
} from '@wellspring/shared';
import type {
  ExportDiaryRow,
  ExportGoalRow,
  ExportMoodRow,
  ExportTaskRow,
  ExportUserRow,
} from './account.repository';
import type { ActivityRow } from '../activities/activities.repository';
import type { CheckInRow } from '../check-ins/check-ins.repository';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export function presentExportUser({ user, selectedBackground }: ExportUserRow): ExportFile['user'] {
  return {
    name: user.name,
    email: user.email,
    pictureURL: user.pictureUrl,
    timeZone: user.timeZone,
    hasOnboarded: user.hasOnboarded,
    createdAt: iso(user.createdAt),
    selectedBackground,
  };
}

export function presentExportGoal({ goal, rewardBackground }: ExportGoalRow): ExportGoal {
  return {
    id: goal.id,
    target: goal.target,
    earned: goal.earned,
    taskCompleted: goal.taskCompleted,
    status: goal.status === 'Completed' ? 'Completed' : 'OnProgress',
    tier: goal.tier as ExportGoal['tier'],
    hasClaimedReward: goal.hasClaimedReward,
    rewardBackground,
    createdAt: iso(goal.createdAt),
    completedAt: isoOrNull(goal.completedAt),
  };
}

export function presentExportTask({ task, templateSlug }: ExportTaskRow): ExportTask {
  return {
    id: task.id,
    goalId: task.goalId,
    templateSlug,
    title: task.title,
    description: task.description,
    mood: task.mood as ExportTask['mood'],
    points: task.points,
    status: task.status as ExportTask['status'],
    createdAt: iso(task.createdAt),
    acceptedOn: task.acceptedOn,
    completedAt: isoOrNull(task.completedAt),
    completedOn: task.completedOn,
  };
}

export function presentExportDiary(row: ExportDiaryRow, vault: DiaryVault): ExportDiary {
  return {
    date: row.localDate,
    createdAt: iso(row.createdAt),
    content: vault.open(row),
    isBackfilled: row.isBackfilled,
  };
}

export function presentExportActivity(row: ActivityRow): ExportActivity {
  return {
    id: row.id,
    name: row.name,
    group: row.group as ExportActivity['group'],
    icon: row.icon as ExportActivity['icon'],
    position: row.position,
    isArchived: row.archivedAt !== null,
  };
}

export function presentExportCheckIn(
  row: CheckInRow,
  activityIds: string[],
  vault: DiaryVault,
): ExportCheckIn {
  return {
    takenAt: iso(row.takenAt),
    timeZone: row.timeZone,
    date: row.localDate,
    mood: row.mood as ExportCheckIn['mood'],
    feelings: row.feelings as ExportCheckIn['feelings'],
    activityIds,
    note: vault.openNote(row),
    isBackfilled: row.isBackfilled,
    isDailyMood: row.isDailyMood,
  };
}

export function presentExportMood(row: ExportMoodRow): ExportMood {
  return {
    date: row.localDate,
    mood: row.mood as ExportMood['mood'],
    updatedAt: iso(row.updatedAt),
  };
}

/** A task as a CSV record, in the order of TASKS_CSV_COLUMNS. */
export function presentTaskCsvValues(task: ExportTask): (string | number | null)[] {
  return [
    task.id,
    task.goalId,
    task.templateSlug,
    task.title,
    task.description,
    task.mood,
    task.points,
    task.status,
    task.createdAt,
    task.acceptedOn,
    task.completedAt,
    task.completedOn,
  ];
}

/** A mood entry as a CSV record, in the order of MOODS_CSV_COLUMNS. */
export function presentMoodCsvValues(mood: ExportMood): (string | number | null)[] {
  return [mood.date, mood.mood, mood.updatedAt];
}
