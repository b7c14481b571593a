import type { GeneratedTask, Task } from '@wellspring/shared';
import type { TaskRow, TemplateRow } from './task.repository';

export function presentTask(row: TaskRow): Task {
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

export function presentGeneratedTask(row: TemplateRow): GeneratedTask {
  return {
    templateId: row.id,
    title: row.title,
    description: row.description,
    mood: row.mood as GeneratedTask['mood'],
    points: row.points,
  };
}
