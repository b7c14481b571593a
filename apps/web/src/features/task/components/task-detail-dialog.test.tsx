import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Goal, Task } from '@wellspring/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildGoal, buildTask } from '@/test/factories';
import {
  buildUser,
  failure,
  mockApi,
  renderApp,
  saveSession,
  type RecordedCall,
  expectToast,
} from '@/test/test-utils';

const confetti = vi.hoisted(() => {
  const fire = Object.assign(
    vi.fn(() => null),
    { reset: vi.fn() },
  );
  return { fire, create: vi.fn(() => fire) };
});
vi.mock('canvas-confetti', () => ({ default: { create: confetti.create } }));

afterEach(() => {
  confetti.fire.mockClear();
  confetti.create.mockClear();
});

function setup(
  tasks: Task[],
  {
    goal = buildGoal(),
    handlers = {},
  }: { goal?: Goal; handlers?: Record<string, (c: RecordedCall) => unknown> } = {},
) {
  const user = buildUser();
  saveSession(user);
  let list = tasks;
  const api = mockApi({
    'GET /user': () => user,
    'GET /goal': () => goal,
    'GET /task/generated': () => failure(404, 'NOT_FOUND', 'No task fits right now'),
    'GET /task': () =>
      new Response(JSON.stringify({ status: 'success', data: list, totalTaskCount: list.length }), {
        status: 200,
      }),
    ...handlers,
  });
  renderApp('/app/task/list', { width: 1400 });
  return { ...api, setList: (next: Task[]) => (list = next) };
}

async function openDetail(title: string) {
  const table = await screen.findByRole('table');
  fireEvent.click(within(table).getByRole('button', { name: title }));
  return screen.findByRole('dialog', { name: title });
}

describe('taskDetail', { timeout: 20_000 }, () => {
  it('offers Complete and Discard for an OnGoing task only', async () => {
    setup([
      buildTask({ title: 'Open a window' }),
      buildTask({
        title: 'Read a chapter',
        status: 'Completed',
        completedAt: '2024-05-04T10:00:00.000Z',
      }),
    ]);
    const ongoing = await openDetail('Open a window');
    expect(within(ongoing).getByRole('button', { name: 'Complete' })).toBeVisible();
    expect(within(ongoing).getByRole('button', { name: 'Discard' })).toBeVisible();
    expect(within(ongoing).getByText('2.500')).toBeVisible();

    fireEvent.click(within(ongoing).getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const done = await openDetail('Read a chapter');
    expect(within(done).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
    expect(within(done).getByText('Saturday, May 4, 2024')).toBeVisible();
  });

  it('shows taskComplete from the old goal to the new one when the goal is not reached', async () => {
    const task = buildTask({ title: 'Open a window', points: 5_000 });
    const { calls } = setup([task], {
      handlers: {
        'POST /task/completed': () =>
          buildGoal({ earned: 25_000, completionPercent: 50, taskCompleted: 5 }),
      },
    });
    const dialog = await openDetail('Open a window');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    const complete = await screen.findByRole('dialog', { name: 'Task completed!' });
    expect(within(complete).getByText('+5.000 points')).toBeVisible();
    expect(
      within(complete).getByText(/from 20,000 to 25,000 of 50,000, 40% to 50%/),
    ).toBeInTheDocument();
    // It starts from the old goal and counts up to the new one.
    expect(within(complete).getByTestId('task-complete-earned')).toHaveTextContent('20.000');
    expect(within(complete).getByTestId('task-complete-percent')).toHaveTextContent('40%');
    await waitFor(() => {
      expect(within(complete).getByTestId('task-complete-earned')).toHaveTextContent('25.000');
      expect(within(complete).getByTestId('task-complete-percent')).toHaveTextContent('50%');
    });
    expect(confetti.fire).not.toHaveBeenCalled();

    const post = calls.find((c) => c.path === '/task/completed')!;
    expect(post.method).toBe('POST');
    expect(post.url.searchParams.get('taskId')).toBe(task.id);
    expect(post.url.searchParams.get('userId')).toBe(buildUser().id);
    expect(post.body).toBeUndefined();
  });

  it('shows goalCompleted with 80 particles of confetti when the points reach the target', async () => {
    const task = buildTask({ title: 'Open a window', points: 5_000 });
    const completed = buildGoal({
      earned: 50_000,
      status: 'Completed',
      backgroundRewardId: '00000000-0000-4000-8000-00000000d001',
      completedAt: '2024-05-05T10:00:00.000Z',
    });
    setup([task], {
      goal: buildGoal({ earned: 45_000 }),
      handlers: { 'POST /task/completed': () => completed },
    });
    const dialog = await openDetail('Open a window');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    const celebration = await screen.findByRole('dialog', { name: 'Goal completed!' });
    expect(within(celebration).getByText('50.000')).toBeVisible();
    expect(within(celebration).getByRole('button', { name: 'Claim Your Reward' })).toBeVisible();
    expect(screen.getByTestId('confetti-canvas')).toBeInTheDocument();
    expect(confetti.create).toHaveBeenCalledWith(
      screen.getByTestId('confetti-canvas'),
      expect.objectContaining({ useWorker: false, disableForReducedMotion: true }),
    );
    expect(confetti.fire).toHaveBeenCalledWith(
      expect.objectContaining({ particleCount: 80, disableForReducedMotion: true }),
    );
  });

  it('says so when completing fails, and keeps the dialog', async () => {
    setup([buildTask({ title: 'Open a window' })], {
      handlers: { 'POST /task/completed': () => failure(409, 'TASK_NOT_ONGOING', 'Done already') },
    });
    const dialog = await openDetail('Open a window');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(
      await screen.findByText('Oops, something went wrong while trying to complete the task'),
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Open a window' })).toBeVisible();
  });

  it('discards: the task leaves the list and the message says so', async () => {
    const task = buildTask({ title: 'Open a window' });
    const { calls, setList } = setup([task], {
      handlers: {
        'DELETE /task': () => {
          setList([]);
          return task;
        },
      },
    });
    const dialog = await openDetail('Open a window');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await expectToast('Successfuly deleted new task');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No tasks to be shown')).toBeVisible();
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url.searchParams.get('taskId')).toBe(task.id);
  });

  it('offers Undo with the message, which brings the task back', async () => {
    const task = buildTask({ title: 'Open a window' });
    const { calls, setList } = setup([task], {
      handlers: {
        'DELETE /task': () => {
          setList([]);
          return task;
        },
        'POST /task/restore': () => {
          setList([task]);
          return task;
        },
      },
    });
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByRole('button', { name: 'Delete Open a window' }));
    await expectToast('Successfuly deleted new task');
    expect(await screen.findByText('No tasks to be shown')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await expectToast('Your task is back');
    expect(
      await within(await screen.findByRole('table')).findByRole('button', {
        name: 'Open a window',
      }),
    ).toBeVisible();
    const restore = calls.find((c) => c.method === 'POST' && c.path === '/task/restore')!;
    expect(restore.url.searchParams.get('taskId')).toBe(task.id);
  });

  it('says so when Undo comes too late', async () => {
    const task = buildTask({ title: 'Open a window' });
    setup([task], {
      handlers: {
        'DELETE /task': () => task,
        'POST /task/restore': () => failure(404, 'NOT_FOUND', 'Nothing to restore'),
      },
    });
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByRole('button', { name: 'Delete Open a window' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('This task could not be brought back: it may be too late to undo'),
    ).toBeVisible();
  });

  it.each([
    ['the trash icon', 'table'],
    ['Discard', 'dialog'],
  ])('deletes once on a double click of %s', async (_label, where) => {
    let answer: (response: Response) => void = () => {};
    const task = buildTask({ title: 'Open a window' });
    const { calls } = setup([task, buildTask({ title: 'Stretch' })], {
      handlers: { 'DELETE /task': () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    const button =
      where === 'table'
        ? within(await screen.findByRole('table')).getByRole('button', {
            name: 'Delete Open a window',
          })
        : within(await openDetail('Open a window')).getByRole('button', { name: 'Discard' });
    // A double click: two clicks (the second counted as such), then the dblclick event.
    fireEvent.click(button, { detail: 1 });
    fireEvent.click(button, { detail: 2 });
    fireEvent.doubleClick(button);
    // A second request for the same task while the first runs is ignored too.
    fireEvent.click(button, { detail: 1 });
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    answer(new Response(JSON.stringify({ status: 'success', data: task }), { status: 200 }));
    await expectToast('Successfuly deleted new task');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(
      screen.queryByText('Oops, something went wrong while trying to delete a new task'),
    ).not.toBeInTheDocument();
  });

  it('fades a task while it is deleted from the list, and brings it back on failure', async () => {
    let answer: (response: Response) => void = () => {};
    setup([buildTask({ title: 'Open a window' })], {
      handlers: { 'DELETE /task': () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByRole('button', { name: 'Delete Open a window' }));
    const row = within(table).getByRole('row', { name: /Open a window/ });
    await waitFor(() => expect(row).toHaveAttribute('data-deleting', 'true'));
    expect(row).toHaveClass('opacity-40');

    answer(failure(500, 'INTERNAL_ERROR', 'Something broke'));
    expect(
      await screen.findByText('Oops, something went wrong while trying to delete a new task'),
    ).toBeVisible();
    await waitFor(() => expect(row).not.toHaveAttribute('data-deleting'));
    expect(row).not.toHaveClass('opacity-40');
  });
});
