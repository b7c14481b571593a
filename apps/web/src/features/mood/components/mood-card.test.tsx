import 'fake-indexeddb/auto';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@wellspring/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '@/lib/auth';
import { clearDeviceDb } from '@/lib/device-db';
import { refreshWrites } from '@/lib/offline-queue';
import { PENDING_WRITE_TEXT } from '@/lib/offline-text';
import { userKeys } from '@/lib/query-keys';
import { buildUser, createTestQueryClient, mockApi, saveSession } from '@/test/test-utils';
import { MoodCard } from './mood-card';

afterEach(async () => {
  act(() => onlineManager.setOnline(true));
  await clearDeviceDb();
  await refreshWrites();
});

describe('the mood card offline', () => {
  it('shows the mood set offline at once, marked as waiting, and sends nothing yet', async () => {
    const user = buildUser({ mood: 'Happy', hasSetMoodToday: true });
    saveSession(user);
    const { calls } = mockApi({ 'GET /user': () => user });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(userKeys.detail(user.id), user);
    render(
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <MoodCard />
        </SessionProvider>
      </QueryClientProvider>,
    );
    act(() => onlineManager.setOnline(false));

    await userEvent.click(screen.getByRole('button', { name: 'Sad' }));

    expect(screen.getByRole('button', { name: 'Sad' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(PENDING_WRITE_TEXT)).toBeVisible();
    expect(queryClient.getQueryData<User>(userKeys.detail(user.id))?.mood).toBe('Sad');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    await waitFor(async () =>
      expect((await refreshWrites()).map((write) => write.kind)).toEqual(['mood']),
    );
  });
});
