import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { preloadDailyDialogs } from './dialogs';
import { ErrorPage } from './routes/error-page';
import { LeaveForLandingPage } from './routes/leave-for-landing-page';
import { RequireSession } from './routes/require-session';
import { RootLayout } from './routes/root-layout';
import { RouteErrorFallback } from './routes/route-error-fallback';
import { RouteLoading } from './routes/route-loading';

/*
 * The route table of SPEC.md section 2. Every screen loads on its first visit: the signed-in area
 * does not carry the public pages' code. The landing page is the build's rendered-ahead HTML with
 * a script of its own, never rendered by this router (decisions 049 and 068): its route is here
 * for the build to render it ahead, and a visit from the app (/ and /home too) loads it in full.
 */
/** The public area's frame (top bar, footer), of the landing page, the FAQ and the legal pages. */
const homeLayout = async () => ({
  Component: (await import('./routes/home/home-layout')).HomeLayout,
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: ErrorPage,
    // While the first screen's code loads.
    HydrateFallback: RouteLoading,
    children: [
      { index: true, Component: LeaveForLandingPage },
      {
        path: 'home',
        lazy: homeLayout,
        children: [
          { index: true, Component: LeaveForLandingPage },
          {
            path: 'landing',
            lazy: async () => ({ Component: (await import('./routes/home/landing')).LandingPage }),
          },
          {
            path: 'faq',
            lazy: async () => ({ Component: (await import('./routes/home/faq')).FaqPage }),
          },
        ],
      },
      {
        // The Terms of Use and the Privacy Policy, in the public area's frame.
        lazy: homeLayout,
        children: [
          {
            path: 'terms',
            lazy: async () => ({ Component: (await import('./routes/home/terms')).TermsPage }),
          },
          {
            path: 'privacy',
            lazy: async () => ({ Component: (await import('./routes/home/privacy')).PrivacyPage }),
          },
        ],
      },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('./routes/login')).LoginPage }),
      },
      {
        path: 'register',
        lazy: async () => ({ Component: (await import('./routes/register')).RegisterPage }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('./routes/forgot-password')).ForgotPasswordPage,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('./routes/reset-password')).ResetPasswordPage,
        }),
      },
      {
        path: 'verify-email',
        lazy: async () => ({
          Component: (await import('./routes/verify-email')).VerifyEmailPage,
        }),
      },
      {
        // The report a person's link shows a clinician (decision 084): public, no frame.
        path: 'shared-report',
        lazy: async () => ({
          Component: (await import('./routes/shared-report')).SharedReportPage,
        }),
      },
      {
        path: 'auth/callback',
        lazy: async () => ({
          Component: (await import('./routes/auth-callback')).AuthCallbackPage,
        }),
      },
      {
        path: 'onboarding',
        Component: RequireSession,
        children: [
          {
            lazy: async () => ({
              Component: (await import('./routes/onboarding/onboarding-layout')).OnboardingLayout,
            }),
            children: [
              {
                ErrorBoundary: RouteErrorFallback,
                children: [
                  { index: true, element: <Navigate to={paths.onboarding.step1} replace /> },
                  {
                    path: 'step-1',
                    lazy: async () => ({
                      Component: (await import('./routes/onboarding/step-1')).OnboardingStep1Page,
                    }),
                  },
                  {
                    path: 'step-2',
                    lazy: async () => ({
                      Component: (await import('./routes/onboarding/step-2')).OnboardingStep2Page,
                    }),
                  },
                  {
                    path: 'step-3',
                    lazy: async () => ({
                      Component: (await import('./routes/onboarding/step-3')).OnboardingStep3Page,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: 'app',
        Component: RequireSession,
        children: [
          {
            lazy: async () => ({
              Component: (await import('./routes/app/app-layout')).AppLayout,
            }),
            children: [
              {
                ErrorBoundary: RouteErrorFallback,
                children: [
                  { index: true, element: <Navigate to={paths.app.dashboard} replace /> },
                  {
                    path: 'dashboard',
                    lazy: async () => {
                      // The dialogs only the dashboard opens, fetched beside its code (decision 060).
                      preloadDailyDialogs();
                      return { Component: (await import('./routes/app/dashboard')).DashboardPage };
                    },
                  },
                  {
                    path: 'diary',
                    lazy: async () => ({
                      Component: (await import('./routes/app/diary')).DiaryPage,
                    }),
                  },
                  {
                    path: 'task',
                    lazy: async () => ({
                      Component: (await import('./routes/app/task/task-layout')).TaskLayout,
                    }),
                    children: [
                      { index: true, element: <Navigate to={paths.app.task.board} replace /> },
                      {
                        path: 'board/onboarding',
                        lazy: async () => ({
                          Component: (await import('./routes/app/task/task-board-onboarding'))
                            .TaskBoardOnboardingPage,
                        }),
                      },
                      {
                        path: 'board/:status?',
                        lazy: async () => ({
                          Component: (await import('./routes/app/task/task-board')).TaskBoardPage,
                        }),
                      },
                      {
                        path: 'list',
                        lazy: async () => ({
                          Component: (await import('./routes/app/task/task-list')).TaskListPage,
                        }),
                      },
                    ],
                  },
                  {
                    path: 'statistics',
                    lazy: async () => ({
                      Component: (await import('./routes/app/statistics')).StatisticsPage,
                    }),
                  },
                  {
                    path: 'insights',
                    lazy: async () => ({
                      Component: (await import('./routes/app/insights')).InsightsPage,
                    }),
                  },
                  {
                    path: 'measures/:measure',
                    lazy: async () => ({
                      Component: (await import('./routes/app/measure')).MeasurePage,
                    }),
                  },
                  {
                    path: 'report',
                    lazy: async () => ({
                      Component: (await import('./routes/app/report')).ReportPage,
                    }),
                  },
                  {
                    path: 'result',
                    lazy: async () => ({
                      Component: (await import('./routes/app/result')).ResultPage,
                    }),
                  },
                  {
                    path: 'collections',
                    lazy: async () => ({
                      Component: (await import('./routes/app/collections')).CollectionsPage,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
