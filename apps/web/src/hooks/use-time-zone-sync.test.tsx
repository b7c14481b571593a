import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getBrowserTimeZone } from '@/lib/format';
import { buildUser, mockApi, renderApp, saveSession } from '@/test/test-utils';

const browserZone = getBrowserTimeZone()!;

describe('the time-zone sync', () => {
  it("sends the browser's zone once when it differs from the saved one", async () => {
    const otherZone = browserZone === 'Pacific/Auckland' ? 'Europe/Lisbon' : 'Pacific/Auckland';
    const user = buildUser({
      id: '66666666-6666-4666-8666-666666666666',
      timeZone: otherZone,
      mood: 'Happy',
      hasSetMoodToday: true,
    });
    saveSession(user);
    const { calls } = mockApi({
      'GET /user': () => user,
      'PATCH /user': (call) => ({ ...user, ...(call.body as object) }),
      'GET /goal': () => null,
    });
    renderApp('/app/statistics');
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    await screen.findByRole('heading', { level: 1 });
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toEqual({ timeZone: browserZone });
  });

  it('sends nothing when the zones agree', async () => {
    const user = buildUser({ mood: 'Happy', hasSetMoodToday: true });
    saveSession(user);
    const { calls } = mockApi({ 'GET /user': () => user, 'GET /goal': () => null });
    renderApp('/app/statistics');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
