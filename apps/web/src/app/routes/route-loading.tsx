import { AppShellSkeleton } from '@/components/layouts/app-shell-skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

/** While the first screen's code loads: the app's frame for the signed-in area, else a spinner. */
export function RouteLoading() {
  const isAppPage =
    typeof window !== 'undefined' && window.location.pathname.startsWith(`${paths.app.root}/`);
  return isAppPage ? <AppShellSkeleton /> : <PageSpinner />;
}
