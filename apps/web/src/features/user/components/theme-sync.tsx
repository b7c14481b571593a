import type { Theme } from '@wellspring/shared';
import { useEffect } from 'react';
import { useSession } from '@/lib/auth';
import { applyTheme, readStoredTheme, subscribeToSystemTheme, writeStoredTheme } from '@/lib/theme';
import { usePreferences } from '../api/preferences';

/**
 * Keeps the signed-in frames (the app and onboarding layouts) in the account's theme (decision
 * 040). public/theme-init.js applied the device's last known theme before the first paint; once the
 * preferences arrive their theme is applied and kept on the device for the next load. With
 * 'system', a switch of the system's theme applies at once. Mounted in the lazy frames, not the app
 * provider, so the public pages do not carry it (decision 038's budgets); signed out, the device
 * has no theme (clearStoredSession) and theme-init.js follows the system.
 */
export function ThemeSync() {
  const { token } = useSession();
  const { data: preferences } = usePreferences();
  const accountTheme: Theme | undefined = token ? preferences?.theme : undefined;

  useEffect(() => {
    if (accountTheme) writeStoredTheme(accountTheme);
    applyTheme(accountTheme ?? readStoredTheme());
  }, [accountTheme, token]);

  useEffect(() => {
    const unsubscribe = subscribeToSystemTheme(() => applyTheme(readStoredTheme()));
    return () => {
      unsubscribe();
      // Leaving the signed-in frame: after a sign-out the device has no theme any more, and the
      // public page follows the system's.
      applyTheme(readStoredTheme());
    };
  }, []);

  return null;
}
