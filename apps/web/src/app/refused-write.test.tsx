import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { getTodayIn } from '@/lib/format';
import type { PendingWrite } from '@/lib/offline-write';
import { SessionProvider } from '@/lib/auth';
import { buildUser, createTestQueryClient, mockApi, saveSession } from '@/test/test-utils';
import { describe, expect, it } from 'vitest';
import RefusedWrite from './refused-write';

const user = buildUser({ timeZone: 'Pacific/Auckland' });

function renderRefused(day: string) {
  saveSession(user);
  mockApi({ 'GET /user': () => user });
  const write: PendingWrite = {
    seq: 1,
    kind: 'diary',
    userId: user.id,
    content: 'Words written offline',
    day,
    createdAt: '2026-03-10T10:55:00.000Z',
    refused: { status: 409, code: 'DIARY_ALREADY_WRITTEN' },
  };
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <SessionProvider>
        <RefusedWrite write={write} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('a diary written offline and refused as already written', () => {
  it("says today has one when it was today's entry", async () => {
    renderRefused(getTodayIn(user.timeZone));
    expect(
      await screen.findByRole('region', { name: 'Today already has a diary entry' }),
    ).toBeVisible();
    expect(screen.getByRole('textbox')).toHaveValue('Words written offline');
  });

  it('says that day has one when it was written before midnight (decision 057)', async () => {
    renderRefused('2020-01-01');
    expect(
      await screen.findByRole('region', { name: 'That day already has a diary entry' }),
    ).toBeVisible();
    expect(screen.getByRole('textbox')).toHaveValue('Words written offline');
  });
});
