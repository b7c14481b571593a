import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, mockApi, renderApp, saveSession } from '@/test/test-utils';
import { isNavEntryActive, NAV_ENTRIES } from './nav-entries';

const task = NAV_ENTRIES.find((e) => e.label === 'Task')!;

describe('the Task entry highlight', () => {
  it('covers board, task and list on the wide bar', () => {
    for (const path of ['/app/task/board', '/app/task', '/app/task/list']) {
      expect(isNavEntryActive(task, path, 'wide')).toBe(true);
    }
    expect(isNavEntryActive(task, '/app/task/board/ongoing', 'wide')).toBe(false);
  });

  it('covers ongoing, task and completed in the compact menu', () => {
    for (const path of ['/app/task/board/ongoing', '/app/task', '/app/task/board/completed']) {
      expect(isNavEntryActive(task, path, 'compact')).toBe(true);
    }
    expect(isNavEntryActive(task, '/app/task/list', 'compact')).toBe(false);
  });
});

function signIn() {
  const user = buildUser({ name: 'Ada Lovelace', pictureURL: 'https://example.com/ada.png' });
  saveSession(user);
  mockApi({ 'GET /user': () => user, 'GET /goal': () => null });
}

const ENTRIES = ['Dashboard', 'My Diary', 'Task', 'Statistics', 'Insights', 'Collections'];

describe('the navigation', () => {
  it('is a wide top bar above 1200 px, with the user', async () => {
    signIn();
    renderApp('/app/diary', { width: 1201 });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(ENTRIES);
    expect(within(nav).getByRole('link', { name: 'My Diary' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Task' })).toHaveAttribute(
      'href',
      '/app/task/board',
    );
    expect(
      await screen.findByRole('button', { name: /open profile: ada lovelace/i }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('is a floating button and a compact menu at 1200 px', async () => {
    signIn();
    renderApp('/app/statistics', { width: 1200 });
    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await userEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(ENTRIES);
    expect(within(nav).getByRole('link', { name: 'Task' })).toHaveAttribute(
      'href',
      '/app/task/board/ongoing',
    );
    expect(within(nav).getByRole('link', { name: 'Statistics' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(screen.getByRole('button', { name: /open profile: ada lovelace/i }));
    expect(await screen.findByRole('dialog', { name: 'Your Profile' })).toBeVisible();
  });

  it('shows initials when the picture fails to load', async () => {
    signIn();
    renderApp('/app/dashboard', { width: 1400 });
    const button = await screen.findByRole('button', { name: /open profile: ada lovelace/i });
    const img = button.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://example.com/ada.png');
    img.dispatchEvent(new Event('error'));
    expect(await within(button).findByText('AL')).toBeInTheDocument();
  });
});
