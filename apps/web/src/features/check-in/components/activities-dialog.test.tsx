import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DefaultActivity } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { DialogProvider, useDialog } from '@/components/ui/dialog';
import { SessionProvider } from '@/lib/auth';
import { GENERIC_FAILURE_MESSAGE } from '@/lib/error-messages';
import {
  buildUser,
  createTestQueryClient,
  failure,
  json,
  saveSession,
  type mockApi,
} from '@/test/test-utils';
import { activitiesApi, NAME_TAKEN_MESSAGE } from '../testing/activities-api';
import { ActivitiesDialog, ARCHIVED_NOTE } from './activities-dialog';

const LIMIT_MESSAGE = 'You can have at most 200 activities; archive or merge some first';

const START: DefaultActivity[] = [
  { name: 'Slept well', group: 'sleep', icon: 'BedDouble' },
  { name: 'Walk', group: 'health', icon: 'Footprints' },
  { name: 'Exercise', group: 'health', icon: 'Dumbbell' },
  { name: 'Meditation', group: 'health', icon: 'Flower2' },
  { name: 'Reading', group: 'hobbies', icon: 'BookOpen' },
];

function Opener() {
  const { open } = useDialog();
  return (
    <button type="button" onClick={() => open('activities')}>
      Open activities
    </button>
  );
}

/** The dialog opened on a user whose list is START, against the activity routes in memory. */
async function openActivitiesDialog(handlers: Parameters<typeof mockApi>[0] = {}) {
  const user = buildUser();
  saveSession(user);
  const server = activitiesApi(START);
  const api = server.install({ 'GET /user': () => user, ...handlers });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <SessionProvider>
        <DialogProvider registry={{ activities: { component: ActivitiesDialog } }}>
          <Opener />
        </DialogProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Open activities' }));
  const dialog = await screen.findByRole('dialog', { name: 'Your activities' });
  await within(dialog).findByRole('region', { name: 'Health' });
  const idOf = (name: string) => server.list().find((a) => a.name === name)!.id;
  return { dialog, server, idOf, ...api };
}

/** The names a section shows, in its order: each row's Edit (or Bring back) button names it. */
function namesIn(dialog: HTMLElement, section: string): string[] {
  const region = within(dialog).queryByRole('region', { name: section });
  if (!region) return [];
  return within(region)
    .getAllByRole('button', { name: /^(Edit|Bring back) / })
    .map((button) => button.getAttribute('aria-label')!.replace(/^(Edit|Bring back) /, ''));
}

const status = (dialog: HTMLElement) => within(dialog).getByRole('status');

async function openEditor(dialog: HTMLElement, name: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: `Edit ${name}` }));
  return within(dialog).getByRole('form', { name: `Change ${name}` });
}

describe('the activities dialog', () => {
  it('lists the activities by group, each with its icon and name', async () => {
    const { dialog } = await openActivitiesDialog();
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Sleep', 'Health', 'Hobbies']);
    expect(namesIn(dialog, 'Health')).toEqual(['Walk', 'Exercise', 'Meditation']);
    const walk = within(dialog).getByText('Walk').closest('li')!;
    expect(walk.querySelector('svg.lucide-footprints')).not.toBeNull();
    expect(within(walk).getByRole('button', { name: 'Move Walk up' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(walk).getByRole('button', { name: 'Move Walk down' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('adds one, by keyboard alone, at the end of its group', async () => {
    const { dialog, server, calls } = await openActivitiesDialog();
    within(dialog).getByRole('button', { name: 'Add an activity' }).focus();
    await userEvent.keyboard('{Enter}');
    const form = within(dialog).getByRole('form', { name: 'Add an activity' });
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveFocus();
    await userEvent.keyboard('  Swim   in the   lake ');
    await userEvent.tab();
    expect(within(form).getByLabelText('Group')).toHaveFocus();
    // jsdom's select takes no arrow keys; a select's keyboard is the browser's own.
    await userEvent.selectOptions(within(form).getByLabelText('Group'), 'Health');
    await userEvent.tab();
    // The icon grid is one stop: the chosen icon, then the arrow keys choose.
    expect(within(form).getByRole('radio', { name: 'Sparkles' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(form).getByRole('radio', { name: 'Party popper' })).toBeChecked();
    await userEvent.tab();
    await userEvent.tab();
    expect(within(form).getByRole('button', { name: 'Add activity' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() =>
      expect(namesIn(dialog, 'Health')).toEqual([
        'Walk',
        'Exercise',
        'Meditation',
        'Swim in the lake',
      ]),
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Swim in the lake',
      group: 'health',
      icon: 'PartyPopper',
    });
    expect(server.list().find((a) => a.name === 'Swim in the lake')).toMatchObject({
      group: 'health',
      position: 3,
    });
    expect(status(dialog)).toHaveTextContent('Swim in the lake added to Health.');
    // Ready for the next one.
    expect(within(form).getByLabelText('Name')).toHaveValue('');
    expect(within(form).getByLabelText('Name')).toHaveFocus();
  });

  it('keeps a name already taken, with the server’s words beside it', async () => {
    const { dialog, server } = await openActivitiesDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add an activity' }));
    const form = within(dialog).getByRole('form', { name: 'Add an activity' });
    await userEvent.type(within(form).getByLabelText('Name'), 'WALK');
    await userEvent.click(within(form).getByRole('button', { name: 'Add activity' }));

    const name = within(form).getByLabelText('Name');
    expect(await within(form).findByText(NAME_TAKEN_MESSAGE)).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining(NAME_TAKEN_MESSAGE));
    expect(name).toHaveValue('WALK');
    expect(name).toHaveFocus();
    expect(server.names()).toHaveLength(START.length);
  });

  it.each([
    ['the limit', () => failure(409, 'ACTIVITY_LIMIT', LIMIT_MESSAGE), LIMIT_MESSAGE],
    [
      'a name the server refuses',
      () =>
        json(400, {
          status: 'fail',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'Invalid body.name: An activity name is at most 40 characters',
          issues: [{ path: 'body.name', message: 'An activity name is at most 40 characters' }],
        }),
      'An activity name is at most 40 characters',
    ],
  ])('shows %s beside the name, and keeps it', async (_case, answer, message) => {
    const { dialog } = await openActivitiesDialog({ 'POST /activities': answer });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add an activity' }));
    const form = within(dialog).getByRole('form', { name: 'Add an activity' });
    const name = within(form).getByLabelText('Name');
    await userEvent.type(name, 'Swim');
    await userEvent.click(within(form).getByRole('button', { name: 'Add activity' }));
    expect(await within(form).findByText(message)).toBeVisible();
    expect(name).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(name).toHaveValue('Swim');
  });

  it('says kindly when the server fails, and keeps the name', async () => {
    const { dialog } = await openActivitiesDialog({
      'POST /activities': () => failure(500, 'INTERNAL_ERROR', ''),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add an activity' }));
    const form = within(dialog).getByRole('form', { name: 'Add an activity' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Swim');
    await userEvent.click(within(form).getByRole('button', { name: 'Add activity' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(GENERIC_FAILURE_MESSAGE);
    expect(within(form).getByLabelText('Name')).toHaveValue('Swim');
  });

  it('says what a name breaks before asking the server', async () => {
    const { dialog, calls } = await openActivitiesDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add an activity' }));
    const form = within(dialog).getByRole('form', { name: 'Add an activity' });
    await userEvent.type(within(form).getByLabelText('Name'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Add activity' }));
    expect(await within(form).findByText('An activity needs a name')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('renames one', async () => {
    const { dialog, server, idOf } = await openActivitiesDialog();
    const id = idOf('Walk');
    const form = await openEditor(dialog, 'Walk');
    const name = within(form).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Evening walk');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(namesIn(dialog, 'Health')).toEqual(['Evening walk', 'Exercise', 'Meditation']),
    );
    expect(server.list().find((a) => a.id === id)!.name).toBe('Evening walk');
    expect(within(dialog).queryByRole('form', { name: /^Change / })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit Evening walk' })).toHaveFocus();
    expect(status(dialog)).toHaveTextContent('Evening walk saved.');
  });

  it('keeps a new name already taken, with the server’s words beside it', async () => {
    const { dialog, server } = await openActivitiesDialog();
    const form = await openEditor(dialog, 'Walk');
    const name = within(form).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'exercise');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(NAME_TAKEN_MESSAGE)).toBeVisible();
    expect(name).toHaveAccessibleDescription(expect.stringContaining(NAME_TAKEN_MESSAGE));
    expect(name).toHaveValue('exercise');
    expect(server.names()).toContain('Walk');
  });

  it('moves one to another group, at its end', async () => {
    const { dialog, server, idOf } = await openActivitiesDialog();
    const form = await openEditor(dialog, 'Reading');
    await userEvent.selectOptions(within(form).getByLabelText('Group'), 'Health');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(namesIn(dialog, 'Health')).toEqual(['Walk', 'Exercise', 'Meditation', 'Reading']),
    );
    // Hobbies held only Reading: its heading goes with it.
    expect(within(dialog).queryByRole('region', { name: 'Hobbies' })).not.toBeInTheDocument();
    expect(server.list().find((a) => a.id === idOf('Reading'))).toMatchObject({
      group: 'health',
      position: 3,
    });
    expect(within(dialog).getByRole('button', { name: 'Edit Reading' })).toHaveFocus();
    expect(status(dialog)).toHaveTextContent('Reading saved and moved to Health.');
  });

  it('moves one up and down by keyboard, in the order the server then answers', async () => {
    const { dialog, server } = await openActivitiesDialog();
    const health = () =>
      server
        .list()
        .filter((a) => a.group === 'health')
        .map((a) => a.name);
    within(dialog).getByRole('button', { name: 'Move Meditation up' }).focus();

    await userEvent.keyboard('{Enter}');
    expect(namesIn(dialog, 'Health')).toEqual(['Walk', 'Meditation', 'Exercise']);
    expect(within(dialog).getByRole('button', { name: 'Move Meditation up' })).toHaveFocus();
    expect(status(dialog)).toHaveTextContent('Meditation moved up: 2 of 3 in Health.');
    // A second press at once counts too: the moves are saved one after another.
    await userEvent.keyboard('{Enter}');
    expect(namesIn(dialog, 'Health')).toEqual(['Meditation', 'Walk', 'Exercise']);
    // At the top, focus stays on the button, which says it cannot go further, and does nothing.
    const up = within(dialog).getByRole('button', { name: 'Move Meditation up' });
    expect(up).toHaveFocus();
    expect(up).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    expect(namesIn(dialog, 'Health')).toEqual(['Meditation', 'Walk', 'Exercise']);
    await waitFor(() => expect(health()).toEqual(['Meditation', 'Walk', 'Exercise']));

    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Move Meditation down' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(health()).toEqual(['Walk', 'Meditation', 'Exercise']));
    expect(namesIn(dialog, 'Health')).toEqual(['Walk', 'Meditation', 'Exercise']);
    expect(within(dialog).getByRole('button', { name: 'Move Meditation down' })).toHaveFocus();
    expect(status(dialog)).toHaveTextContent('Meditation moved down: 2 of 3 in Health.');
    // The other groups kept their places.
    expect(server.names()).toEqual(['Slept well', 'Walk', 'Meditation', 'Exercise', 'Reading']);
  });

  it('archives one by keyboard: gone from its group, under Archived, and back again', async () => {
    const { dialog, server, idOf } = await openActivitiesDialog();
    const id = idOf('Walk');
    within(dialog).getByRole('button', { name: 'Edit Walk' }).focus();
    await userEvent.keyboard('{Enter}');
    const archive = within(dialog).getByRole('button', { name: 'Archive Walk' });
    archive.focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(namesIn(dialog, 'Archived')).toEqual(['Walk']));
    expect(namesIn(dialog, 'Health')).toEqual(['Exercise', 'Meditation']);
    expect(
      within(within(dialog).getByRole('region', { name: 'Archived' })).getByText(ARCHIVED_NOTE),
    ).toBeVisible();
    expect(server.list().find((a) => a.id === id)!.isArchived).toBe(true);
    const bringBack = within(dialog).getByRole('button', { name: 'Bring back Walk' });
    expect(bringBack).toHaveFocus();
    expect(status(dialog)).toHaveTextContent(
      'Walk archived: kept on old check-ins, hidden from the picker.',
    );

    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(namesIn(dialog, 'Health')).toEqual(['Walk', 'Exercise', 'Meditation']),
    );
    expect(within(dialog).queryByRole('region', { name: 'Archived' })).not.toBeInTheDocument();
    expect(server.list().find((a) => a.id === id)!.isArchived).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Edit Walk' })).toHaveFocus();
  });

  it('merges one into another only once confirmed in plain words', async () => {
    const { dialog, server, calls, idOf } = await openActivitiesDialog();
    const walkId = idOf('Walk');
    const exerciseId = idOf('Exercise');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit Walk' }));
    const mergeButton = within(dialog).getByRole('button', { name: 'Merge' });
    expect(mergeButton).toBeDisabled();
    const into = within(dialog).getByLabelText('Merge Walk into');
    // Only the others are offered, never itself.
    expect(within(into).queryByRole('option', { name: 'Walk' })).not.toBeInTheDocument();
    await userEvent.selectOptions(into, 'Exercise');
    await userEvent.click(mergeButton);

    const question = within(dialog).getByRole('group', {
      name: 'Every check-in with Walk will name Exercise instead. Walk goes away.',
    });
    expect(question).toHaveFocus();
    await userEvent.click(within(question).getByRole('button', { name: 'Keep both' }));
    expect(calls.filter((c) => c.path.endsWith('/merge'))).toEqual([]);
    expect(server.names()).toContain('Walk');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge them' }));

    await waitFor(() => expect(namesIn(dialog, 'Health')).toEqual(['Exercise', 'Meditation']));
    const merge = calls.find((c) => c.path.endsWith('/merge'))!;
    expect(merge.path).toBe(`/activities/${walkId}/merge`);
    expect(merge.body).toEqual({ intoId: exerciseId });
    expect(server.names()).not.toContain('Walk');
    expect(within(dialog).getByRole('button', { name: 'Edit Exercise' })).toHaveFocus();
    expect(status(dialog)).toHaveTextContent(
      'Walk merged into Exercise: its check-ins name Exercise now.',
    );
  });
});
