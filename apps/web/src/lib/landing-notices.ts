/*
 * A word the landing page says once, on the arrival that follows: after an account is deleted (the
 * browser lands there signed out, every cached query gone), or after a sign-in that failed. The
 * landing page is a full load of its own HTML (decision 068), so the app leaves the word in
 * sessionStorage for the page's script. It is read once: a reload, or another visit, does not say
 * it again.
 */

import { getSessionStorage } from './browser-storage';

/** The words the landing page can say, by their condition on the rendered page. */
export type LandingNotice = 'account-deleted' | 'sign-in-failed';

const FLAG_KEYS: Record<LandingNotice, string> = {
  'account-deleted': 'wellspring.accountDeleted',
  'sign-in-failed': 'wellspring.signInFailed',
};

/** Leaves `notice` for the landing page's next arrival. */
export function markLandingNotice(notice: LandingNotice): void {
  try {
    getSessionStorage()?.setItem(FLAG_KEYS[notice], '1');
  } catch {
    // Blocked storage: the landing page simply does not say it.
  }
}

/** The words left for this arrival, forgotten as they are read. */
export function takeLandingNotices(): Set<LandingNotice> {
  const storage = getSessionStorage();
  const notices = new Set<LandingNotice>();
  for (const [notice, key] of Object.entries(FLAG_KEYS) as [LandingNotice, string][]) {
    if (storage?.getItem(key) === '1') notices.add(notice);
    storage?.removeItem(key);
  }
  return notices;
}
