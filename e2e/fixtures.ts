import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/** Every console error and uncaught page error (CSP violations show as console errors). */
export interface PageProblems {
  messages: string[];
}

export const test = base.extend<{ problems: PageProblems }>({
  problems: async ({ page }, use) => {
    const problems: PageProblems = { messages: [] };
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // A failed load names no address in its text; the location says which request it was.
      const { url } = message.location();
      const where = url && message.text().startsWith('Failed to load resource') ? ` (${url})` : '';
      problems.messages.push(`console: ${message.text()}${where}`);
    });
    page.on('pageerror', (error) => problems.messages.push(`pageerror: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await use(problems);
  },
});

export const PUBLIC_PAGES = [
  { path: '/home/landing', title: 'Landing | Wellspring', h1: /small daily steps/i },
  { path: '/home/faq', title: 'FAQ | Wellspring', h1: 'Frequently Asked Questions' },
  { path: '/login', title: 'Login | Wellspring', h1: 'Welcome back' },
  { path: '/register', title: 'Create an Account | Wellspring', h1: 'Create an Account' },
] as const;

/** A unique new account's details. */
export function newAccount(label: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: `E2E ${label}`,
    email: `e2e-${label}-${id}@example.com`.toLowerCase(),
    password: 'a calm password 123',
  };
}

/** True when the wide navigation bar shows for this page's viewport. */
export function isWideNav(page: Page): boolean {
  return (page.viewportSize()?.width ?? 0) > 1200;
}

/** Registers through the form and waits for onboarding step 1. */
export async function registerThroughForm(page: Page, account: ReturnType<typeof newAccount>) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('checkbox', { name: /terms of use/i }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/onboarding\/step-1$/);
}
