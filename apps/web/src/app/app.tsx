import { RouterProvider } from 'react-router';
import { preloadSavedUser } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
// The signed-in user's request starts with the app's code, not after its first render.
preloadSavedUser(queryClient);
const router = createAppRouter();

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
