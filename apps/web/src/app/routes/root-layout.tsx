import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { DialogHistory, DialogProvider } from '@/components/ui/dialog';
import { usePageTitle } from '@/hooks/use-page-title';
import { useRouteFocus } from '@/hooks/use-route-focus';
import { dialogRegistry } from '../dialogs';

/** A thin bar while the next screen's code loads. */
function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden" role="presentation">
      <div className="route-progress h-full w-2/5 bg-brand-gradient" />
    </div>
  );
}

/**
 * Every page: its title from the path, focus on its heading after a change of page, the dialogs
 * (closed by Back), scroll restoration.
 */
export function RootLayout() {
  usePageTitle();
  useRouteFocus();
  return (
    <DialogProvider registry={dialogRegistry}>
      <DialogHistory />
      <RouteProgress />
      <Outlet />
      <ScrollRestoration />
    </DialogProvider>
  );
}
