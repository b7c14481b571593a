import { env } from './env';

/** Every route of SPEC.md section 2, listed once. */
export const paths = {
  root: '/',
  home: {
    root: '/home',
    landing: '/home/landing',
    faq: '/home/faq',
  },
  login: '/login',
  register: '/register',
  /** The Terms of Use and the Privacy Policy, public, linked from the register form and footer. */
  terms: '/terms',
  privacy: '/privacy',
  /** Asks for a reset link by email; the link opens resetPassword with its token. */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Where the link of the verification email leads. */
  verifyEmail: '/verify-email',
  authCallback: '/auth/callback',
  onboarding: {
    root: '/onboarding',
    step1: '/onboarding/step-1',
    step2: '/onboarding/step-2',
    step3: '/onboarding/step-3',
  },
  app: {
    root: '/app',
    dashboard: '/app/dashboard',
    diary: '/app/diary',
    task: {
      root: '/app/task',
      board: '/app/task/board',
      ongoing: '/app/task/board/ongoing',
      completed: '/app/task/board/completed',
      onboarding: '/app/task/board/onboarding',
      list: '/app/task/list',
    },
    statistics: '/app/statistics',
    /** The mood calendar, trends and findings (decision 036). */
    insights: '/app/insights',
    result: '/app/result',
    collections: '/app/collections',
  },
} as const;

/** Insights opened on one day's view: the day from a diary entry or from "On this day". */
export function dayViewPath(date: string): string {
  return `${paths.app.insights}?day=${date}`;
}

/** Landing anchors: the sections of the landing page the top bar scrolls to. */
export const landingAnchors = {
  home: `${paths.home.landing}#home`,
  about: `${paths.home.landing}#about`,
  flow: `${paths.home.landing}#flow`,
  faq: `${paths.home.landing}#faq`,
} as const;

/**
 * Starts Google sign-in: a full-page navigation to the API, which redirects to the provider and
 * back to {@link paths.authCallback}.
 */
export const GOOGLE_SIGN_IN_URL = `${env.API_BASE}/v1/auth/google/start`;

/** Where the Contact Us button writes to. */
export const CONTACT_EMAIL = 'hello@wellspring.app';
