import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Task } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { buildGoal, buildTask } from '@/test/factories';
import { buildUser, failure, mockApi, renderApp, saveSession } from '@/test/test-utils';

const ongoing = buildTask({ title: 'Drink some water', mood: 'Neutral', points: 1_000 });
const done = buildTask({
  title: 'Read a poem',
  status: 'Completed',
  points: 12_500,
  completedAt: '2024-01-05T12:00:00.000Z',
});

function setup(path: string, width: number, tasks: Task[] = [ongoing, done]) {
  const user = buildUser();
  saveSession(user);
  const api = mockApi({
    'GET /user': () => user,
    'GET /goal': () => buildGoal(),
    'GET /task/generated': () => failure(404, 'NOT_FOUND', 'No task fits right now'),
    'GET /task': (call) => {
      const status = call.url.searchParams.get('status');
      const data = tasks.filter((t) => !status || t.status === status);
      return new Response(
        JSON.stringify({ status: 'success', data, totalTaskCount: data.length }),
        { status: 200 },
      );
    },
  });
  const app = renderApp(path, { width });
  return { ...api, ...app };
}

const columns = async () => {
  const board = await screen.findByTestId('task-board');
  return within(board)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
};

describe('the task board', { timeout: 20_000 }, () => {
  it('shows both columns on wide screens, with the Board/List dropdown and no tabs', async () => {
    setup('/app/task/board', 1400);
    expect(await columns()).toEqual(['On Going', 'Completed']);
    expect(await screen.findByRole('button', { name: /Drink some water/ })).toBeVisible();
    expect(screen.getByText('Completed Friday, January 5, 2024')).toBeVisible();
    expect(screen.getByText('12.500 pts')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Task columns' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'View' })).toHaveValue('Board');
  });

  it.each([
    ['/app/task/board/ongoing', 450, ['On Going']],
    ['/app/task/board/completed', 450, ['Completed']],
    ['/app/task/board/onboarding', 600, ['On Going']],
    ['/app/task/board/onboarding', 1400, ['On Going', 'Completed']],
    ['/app/task/board/completed', 1200, ['Completed']],
  ])('%s at %i px shows %j', async (path, width, expected) => {
    setup(path, width);
    expect(await columns()).toEqual(expected);
  });

  it('switches columns with the On Going and Completed tabs on narrower screens', async () => {
    const { router } = setup('/app/task/board', 450);
    const tabs = await screen.findByRole('navigation', { name: 'Task columns' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/task/board/ongoing'));
    expect(within(tabs).getByRole('link', { name: 'On Going' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    fireEvent.click(within(tabs).getByRole('link', { name: 'Completed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/task/board/completed'));
    expect(await columns()).toEqual(['Completed']);
    expect(within(tabs).getByRole('link', { name: 'Completed' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('navigates to the lowercase name from the dropdown', async () => {
    const { router } = setup('/app/task/board', 1400);
    const view = await screen.findByRole('combobox', { name: 'View' });
    fireEvent.change(view, { target: { value: 'List' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/task/list'));
    expect(await screen.findByRole('table')).toBeVisible();
    fireEvent.change(screen.getByRole('combobox', { name: 'View' }), {
      target: { value: 'Board' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/task/board'));
  });

  it('moves the dropdown by arrow key without navigating; Enter makes the choice (WCAG 3.2.2)', async () => {
    const { router } = setup('/app/task/board', 1400);
    const view = await screen.findByRole('combobox', { name: 'View' });
    view.focus();
    // What a browser does for ArrowDown on a closed select: the value moves and change fires.
    fireEvent.keyDown(view, { key: 'ArrowDown' });
    fireEvent.change(view, { target: { value: 'List' } });
    fireEvent.keyUp(view, { key: 'ArrowDown' });
    expect(view).toHaveValue('List');
    expect(router.state.location.pathname).toBe('/app/task/board');
    fireEvent.keyDown(view, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/task/list'));

    expect(await screen.findByRole('table')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'View' })).toHaveValue('List'));

    // Browsing away and leaving without Enter puts the current view back.
    const again = screen.getByRole('combobox', { name: 'View' });
    act(() => again.focus());
    fireEvent.keyDown(again, { key: 'ArrowUp' });
    fireEvent.change(again, { target: { value: 'Board' } });
    fireEvent.keyUp(again, { key: 'ArrowUp' });
    act(() => again.blur());
    expect(again).toHaveValue('List');
    expect(router.state.location.pathname).toBe('/app/task/list');
  });

  it('names each card by its task title; mood, points and date describe it', async () => {
    setup('/app/task/board', 1400);
    const card = await screen.findByRole('button', { name: 'Drink some water' });
    expect(card).toHaveAccessibleDescription(/^Neutral 1,000 points Added \w+ \d+, \d{4}$/);
    expect(screen.getByRole('button', { name: 'Read a poem' })).toHaveAccessibleDescription(
      'Happy 12,500 points Completed Friday, January 5, 2024',
    );
  });

  it('offers the list only where it exists', async () => {
    setup('/app/task/board', 450);
    const view = await screen.findByRole('combobox', { name: 'View' });
    expect(within(view).getByRole('option', { name: 'List' })).toBeDisabled();
    expect(view).toHaveAccessibleDescription('The list view needs a wider screen.');
  });

  it('says when a column is empty', async () => {
    setup('/app/task/board', 1400, []);
    expect(
      await screen.findByText('No tasks on the go. Add one from Get Your Tasks.'),
    ).toBeVisible();
    expect(screen.getByText('Tasks you complete will gather here.')).toBeVisible();
  });
});
