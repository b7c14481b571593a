import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Task } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { buildGoal, buildTask } from '@/test/factories';
import { buildUser, mockApi, renderApp, saveSession, type RecordedCall } from '@/test/test-utils';

/** Tasks newest first, as the API answers them. */
function makeTasks(count: number, overrides: (i: number) => Partial<Task> = () => ({})): Task[] {
  return Array.from({ length: count }, (_, i) =>
    buildTask({
      title: `Task number ${i + 1}`,
      createdAt: new Date(Date.UTC(2024, 4, 30, 12) - i * 3_600_000).toISOString(),
      ...overrides(i),
    }),
  );
}

/** An API that pages and filters the given tasks like the real one. */
function serveTasks(tasks: Task[]) {
  const user = buildUser();
  saveSession(user);
  return mockApi({
    'GET /user': () => user,
    'GET /goal': () => buildGoal(),
    'GET /task/generated': () => ({
      templateId: '00000000-0000-4000-8000-00000000b009',
      title: 'Suggested',
      description: 'A suggestion.',
      mood: 'Happy',
      points: 1_000,
    }),
    'GET /task': (call: RecordedCall) => {
      const q = call.url.searchParams;
      const status = q.get('status');
      const page = Number(q.get('page'));
      const size = Number(q.get('size'));
      const matching = tasks.filter((t) => !status || t.status === status);
      return new Response(
        JSON.stringify({
          status: 'success',
          data: matching.slice((page - 1) * size, page * size),
          totalTaskCount: matching.length,
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    },
  });
}

const lastTaskCall = (calls: RecordedCall[]) =>
  [...calls].reverse().find((c) => c.method === 'GET' && c.path === '/task')!;

async function openList() {
  renderApp('/app/task/list', { width: 1400 });
  return screen.findByRole('table');
}

describe('the task list', { timeout: 20_000 }, () => {
  it('shows 7 rows a page with the footer, and arrows only where a page exists', async () => {
    const { calls } = serveTasks(makeTasks(16));
    const table = await openList();
    expect(within(table).getAllByRole('row')).toHaveLength(8); // header + 7
    expect(screen.getByText('Showing 1 - 7 of 16 tasks')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(lastTaskCall(calls).url.searchParams.get('size')).toBe('7');
    expect(lastTaskCall(calls).url.searchParams.get('status')).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 8 - 14 of 16 tasks')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 15 - 16 of 16 tasks')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    expect(lastTaskCall(calls).url.searchParams.get('page')).toBe('3');

    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 8 - 14 of 16 tasks')).toBeVisible();
  });

  it('says when there is nothing to show, without arrows', async () => {
    serveTasks([]);
    renderApp('/app/task/list', { width: 1400 });
    expect(await screen.findByText('No tasks to be shown')).toBeVisible();
    expect(screen.queryByRole('button', { name: /page/ })).not.toBeInTheDocument();
  });

  it('formats a row: mood named, US date with weekday or a dash, German points, status', async () => {
    serveTasks([
      buildTask({
        title: 'Walk by the river',
        mood: 'Sad',
        points: 10_000,
        status: 'Completed',
        createdAt: '2024-01-05T09:00:00.000Z',
        completedAt: '2024-01-05T12:00:00.000Z',
      }),
      buildTask({ title: 'Call a friend', mood: 'Ecstatic', points: 2_500, status: 'OnGoing' }),
    ]);
    const table = await openList();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Date Completed', 'Points', 'Status', 'Delete']);

    const done = within(table).getByRole('row', { name: /Walk by the river/ });
    expect(within(done).getByText('Mood: Sad')).toBeInTheDocument();
    expect(within(done).getByText('Friday, January 5, 2024')).toBeVisible();
    expect(within(done).getByText('10.000')).toBeVisible();
    expect(within(done).getByText('Completed')).toBeVisible();
    expect(within(done).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    const ongoing = within(table).getByRole('row', { name: /Call a friend/ });
    expect(within(ongoing).getByText('Mood: Ecstatic')).toBeInTheDocument();
    expect(within(ongoing).getByText('-')).toBeVisible();
    expect(within(ongoing).getByText('2.500')).toBeVisible();
    expect(within(ongoing).getByText('On Going')).toBeVisible();
    expect(within(ongoing).getByRole('button', { name: 'Delete Call a friend' })).toBeVisible();
  });

  it('sends the filter and goes back to page 1 when it changes', async () => {
    const tasks = makeTasks(20, (i) => ({ status: i % 2 ? 'Completed' : 'OnGoing' }));
    const { calls } = serveTasks(tasks);
    await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Showing 8 - 14 of 20 tasks');

    fireEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(screen.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Showing 1 - 7 of 10 tasks')).toBeVisible();
    const call = lastTaskCall(calls);
    expect(call.url.searchParams.get('status')).toBe('Completed');
    expect(call.url.searchParams.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('tab', { name: 'On Going' }));
    await waitFor(() => expect(lastTaskCall(calls).url.searchParams.get('status')).toBe('OnGoing'));
    fireEvent.click(screen.getByRole('tab', { name: 'All Task' }));
    // Page 1 of All is still cached from the start.
    expect(await screen.findByText('Showing 1 - 7 of 20 tasks')).toBeVisible();
  });

  it('sends the picked day as local midnight in milliseconds, back at page 1', async () => {
    const { calls } = serveTasks(makeTasks(10));
    await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Showing 8 - 10 of 10 tasks');
    expect(lastTaskCall(calls).url.searchParams.get('date')).toBe('');

    const picker = screen.getByLabelText('Pick a date');
    expect(screen.getByText('Pick a date')).toBeInTheDocument();
    fireEvent.change(picker, { target: { value: '2024-03-09' } });
    await waitFor(() =>
      expect(lastTaskCall(calls).url.searchParams.get('date')).toBe(
        String(new Date(2024, 2, 9).getTime()),
      ),
    );
    expect(lastTaskCall(calls).url.searchParams.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Clear the date' }));
    expect(picker).toHaveValue('');
    expect(await screen.findByText('Showing 1 - 7 of 10 tasks')).toBeVisible();
  });

  it('opens taskDetail when a row is clicked', async () => {
    serveTasks([buildTask({ title: 'Water the plants' })]);
    const table = await openList();
    fireEvent.click(
      (within(table).getByRole('row', { name: /Water the plants/ }) as HTMLTableRowElement)
        .cells[2]!,
    );
    expect(await screen.findByRole('dialog', { name: 'Water the plants' })).toBeVisible();
  });
});
