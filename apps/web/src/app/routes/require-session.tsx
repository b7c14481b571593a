import { Outlet, useLocation } from 'react-router';
import { AppShellSkeleton } from '@/components/layouts/app-shell-skeleton';
import { useSession } from '@/lib/auth';
import { rememberReturnTo } from '@/lib/return-to';
import { LeaveForLandingPage } from './leave-for-landing-page';

/**
 * SPEC.md section 2: onboarding and /app need a login token. Nothing renders until the saved
 * session has been reloaded; without a token the visitor goes to the landing page (a full load,
 * decision 068).
 */
export function RequireSession() {
  const { isLoaded, token, userId } = useSession();
  const location = useLocation();
  if (!isLoaded) return <AppShellSkeleton />;
  if (!token || !userId) {
    // Signing in, by either method, then leads back here (getLoginRedirect).
    rememberReturnTo(`${location.pathname}${location.search}${location.hash}`);
    return <LeaveForLandingPage />;
  }
  return <Outlet />;
}
