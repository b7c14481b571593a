import type { GeneratedTask, Task } from '@wellspring/shared';
import type { tasks, taskTemplates } from '../../db/schema';

export function presentTask(row: typeof tasks.$inferSelect): Task {
  return {
    id: row.id,
    templateId: row.templateId,
    goalId: row.goalId,
    title: row.title,
    description: row.description,
    status: row.status === 'Completed' ? 'Completed' : 'OnGoing',
    mood: row.mood as Task['mood'],
    points: row.points,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

export function presentGeneratedTask(row: typeof taskTemplates.$inferSelect): GeneratedTask {
  return {
    templateId: row.id,
    title: row.title,
    description: row.description,
    mood: row.mood as GeneratedTask['mood'],
    points: row.points,
  };
}
