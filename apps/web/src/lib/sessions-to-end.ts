import { env } from '@/config/env';
import { DEVICE_TO_CLEAR_KEY, readSessionsToEnd, writeSessionsToEnd } from './sign-out-records';
import { getLocalStorage } from './browser-storage';

/*
 * What a sign-out leaves to do once it can (decision 065). Signing out never waits for the
 * network: the device forgets the session at once (clearStoredSession in auth-storage.ts) and
 * writes down, in localStorage, what still needs the server or a slower store, so that it
 * survives a closed tab: the device database to empty, and the sessions to end on the server.
 * Done here, at every start of the app or the landing page and whenever the network returns.
 */

/** Empties the device database when a sign-out marked it; unmarked once the clear committed. */
export async function clearMarkedDeviceData(): Promise<void> {
  if (!getLocalStorage()?.getItem(DEVICE_TO_CLEAR_KEY)) return;
  const { clearDeviceDb } = await import('./device-db');
  await clearDeviceDb();
  getLocalStorage()?.removeItem(DEVICE_TO_CLEAR_KEY);
}

/**
 * True when the server's answer settles the session: ended now, or refused for good (401: it was
 * over already). No answer, a 5xx, 408 or 429 leave it for the next try, as the write queue does.
 */
function isSettled(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** True when the browser says it has no network. */
function isKnownOffline(): boolean {
  try {
    return typeof navigator !== 'undefined' && navigator.onLine === false;
  } catch {
    // A stand-in navigator whose getter refuses it (as lib/device-status.ts allows): unknown.
    return false;
  }
}

/**
 * Ends each written-down session. A token leaves the list as its request goes, and comes back
 * when no answer settled it: a page left while the request is under way (keepalive still delivers
 * it) must not send it again at the next start, where the server would answer 401.
 */
async function endSessions(apiBase: string): Promise<void> {
  // Known to be offline: nothing is sent, so nothing leaves the list (a tab closed before a
  // failed request came back would lose its token). The `online` event tries again.
  if (isKnownOffline()) return;
  for (const token of readSessionsToEnd()) {
    writeSessionsToEnd(readSessionsToEnd().filter((t) => t !== token));
    let status = 0;
    try {
      const answer = await fetch(`${apiBase}/v1/auth/logout`, {
        method: 'POST',
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
        keepalive: true,
      });
      status = answer.status;
    } catch {
      // No network: status 0, kept for the next try.
    }
    if (!isSettled(status)) {
      const tokens = readSessionsToEnd();
      if (!tokens.includes(token)) writeSessionsToEnd([...tokens, token]);
      return;
    }
  }
}

/** The runs, one after another: a sign-out made while one is under way still gets its own. */
let lastRun: Promise<void> = Promise.resolve();

/**
 * Finishes the sign-outs left to do: empties the device database if a clear was cut short, then
 * ends the written-down sessions on the server. Across tabs a session ended twice answers 401
 * the second time, which settles it too.
 */
export function finishSignOuts(apiBase: string = env.API_BASE): Promise<void> {
  lastRun = lastRun.then(async () => {
    // Side by side: a database held by a closing tab must not keep the session alive.
    await Promise.all([
      clearMarkedDeviceData().catch((error: unknown) =>
        console.warn('Wellspring: the data kept on this device could not be cleared', error),
      ),
      endSessions(apiBase).catch(() => undefined),
    ]);
  });
  return lastRun;
}

let isListening = false;

/** Runs finishSignOuts now and each time the browser says the network is back. */
export function startFinishingSignOuts(): void {
  if (typeof window === 'undefined') return;
  void finishSignOuts();
  if (isListening) return;
  isListening = true;
  window.addEventListener('online', () => void finishSignOuts());
}
