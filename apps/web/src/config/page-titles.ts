import { paths } from './paths';

export const PRODUCT_NAME = 'Wellspring';

type TitleRule = { title: string; matches: (pathname: string) => boolean };

const exactly = (path: string) => (pathname: string) => pathname === path;
const within = (path: string) => (pathname: string) =>
  pathname === path || pathname.startsWith(`${path}/`);

/** SPEC.md section 2: each page's title; Task matches by partial path. */
const TITLE_RULES: readonly TitleRule[] = [
  { title: 'Landing', matches: exactly(paths.home.landing) },
  { title: 'FAQ', matches: exactly(paths.home.faq) },
  { title: 'Login', matches: exactly(paths.login) },
  { title: 'Create an Account', matches: exactly(paths.register) },
  { title: 'Terms of Use', matches: exactly(paths.terms) },
  { title: 'Privacy Policy', matches: exactly(paths.privacy) },
  { title: 'Forgot Password', matches: exactly(paths.forgotPassword) },
  { title: 'Choose a New Password', matches: exactly(paths.resetPassword) },
  { title: 'Verify Email', matches: exactly(paths.verifyEmail) },
  // Each step is a page of its own to a screen reader: its title says which (decision 025).
  { title: 'Select Mood', matches: exactly(paths.onboarding.step1) },
  { title: 'Set Goals', matches: exactly(paths.onboarding.step2) },
  { title: 'Create Diary', matches: exactly(paths.onboarding.step3) },
  { title: 'Onboarding', matches: within(paths.onboarding.root) },
  { title: 'Dashboard', matches: exactly(paths.app.dashboard) },
  { title: 'Diary', matches: exactly(paths.app.diary) },
  { title: 'Task', matches: (pathname) => pathname.includes(paths.app.task.root) },
  { title: 'Statistics', matches: exactly(paths.app.statistics) },
  { title: 'Insights', matches: exactly(paths.app.insights) },
  // A questionnaire (decision 083): a page of its own, reached from Insights.
  { title: 'Questionnaire', matches: within('/app/measures') },
  // The report for a clinician and the page its link opens (decision 084).
  { title: 'Report', matches: exactly('/app/report') },
  { title: 'Shared Report', matches: exactly('/shared-report') },
  { title: 'Collections', matches: exactly(paths.app.collections) },
  { title: 'Result', matches: exactly(paths.app.result) },
];

/** `<Title> | Wellspring` for a known page, the product name alone otherwise. */
export function getPageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const rule = TITLE_RULES.find((r) => r.matches(path));
  return rule ? `${rule.title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}
