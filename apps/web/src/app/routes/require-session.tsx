import { Navigate, Outlet } from 'react-router';
import { AppShellSkeleton } from '@/components/layouts/app-shell-skeleton';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';

/**
 * SPEC.md section 2: onboarding and /app need a login token. Nothing renders until the saved
 * session has been reloaded; without a token the visitor goes to the landing page.
 */
export function RequireSession() {
  const { isLoaded, token, userId } = useSession();
  if (!isLoaded) return <AppShellSkeleton />;
  if (!token || !userId) return <Navigate to={paths.home.landing} replace />;
  return <Outlet />;
}
