import type { Session } from '@wellspring/shared';
import type { SessionRow } from './auth-sessions.repository';
import { describeDevice } from './device';

/** A signed-in browser as its owner sees it: the device, when, and whether it is this one. */
export function presentSession(row: SessionRow, currentSessionId: string): Session {
  return {
    id: row.id,
    device: describeDevice(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === currentSessionId,
  };
}
