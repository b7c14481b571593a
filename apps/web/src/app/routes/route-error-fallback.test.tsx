import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { captureConsoleErrors, createTestQueryClient } from '@/test/test-utils';
import { AppProvider } from '../provider';
import { ErrorPage } from './error-page';
import { RouteErrorFallback } from './route-error-fallback';

function Crash(): never {
  throw new Error('Screen exploded');
}

function Offline(): never {
  throw new ApiError('NETWORK_ERROR', 0, 'Network Error');
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorPage,
        Component: Outlet,
        children: [
          {
            Component: () => (
              <div>
                <nav aria-label="Main">navigation</nav>
                <Outlet />
              </div>
            ),
            children: [
              {
                ErrorBoundary: RouteErrorFallback,
                children: [
                  { path: 'crash', Component: Crash },
                  { path: 'offline', Component: Offline },
                ],
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('RouteErrorFallback', () => {
  it("shows 'Unexpected Application Error!' and the message, keeping the navigation", async () => {
    const errors = captureConsoleErrors();
    renderAt('/crash');
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    expect(screen.getByText('Screen exploded')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
    errors.release();
  });

  it('hands a network failure on to the root error page', async () => {
    const errors = captureConsoleErrors();
    renderAt('/offline');
    expect(
      await screen.findByRole('heading', { name: 'There Was A Problem With Our Service' }),
    ).toBeVisible();
    expect(screen.getByText('Oh No!')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    errors.release();
  });
});
