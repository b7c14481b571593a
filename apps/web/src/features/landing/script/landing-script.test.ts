import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '@/prerender';
import { DEV_SIGN_IN_TEXT, GOOGLE_NOT_SET_UP_TEXT } from '@/lib/sign-in-providers';
import { mockApi } from '@/test/test-utils';
import { markLandingNotice } from '@/lib/landing-notices';
import { SIGN_IN_FAILED_NOTICE } from '../components/landing-notices';
import { scriptedPart, setUpAccordions, startLandingPage } from './landing-script';

const GOOGLE_START = '/api/v1/auth/google/start';

/** The landing page as the build writes it, worked by its own script (no React in the page). */
async function openRenderedLanding(providers = { google: true, dev: false }) {
  const { calls } = mockApi({ 'GET /auth/providers': () => providers });
  const { html } = await renderPage('/home/landing');
  document.body.innerHTML = `<div id="root">${html}</div>`;
  await startLandingPage(document, '/api');
  return { calls };
}

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
});

describe('the rendered-ahead landing page with its own script', () => {
  it('offers a visitor Google sign-in and email login, and asks the server once which sign-in it has', async () => {
    const { calls } = await openRenderedLanding();
    const getStarted = screen.getAllByRole('link', { name: 'Get Started' });
    expect(getStarted).toHaveLength(2);
    for (const link of [...getStarted, screen.getByRole('link', { name: 'Sign in with Google' })]) {
      expect(link).toHaveAttribute('href', GOOGLE_START);
    }
    expect(screen.getByRole('link', { name: 'Log in with email' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.queryByRole('link', { name: 'Open your dashboard' })).toBeNull();
    expect(screen.queryByText(GOOGLE_NOT_SET_UP_TEXT)).toBeNull();
    expect(screen.queryByText(DEV_SIGN_IN_TEXT)).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/auth/providers']);
  });

  it('offers a signed-in visitor the way into the app instead of signing in', async () => {
    localStorage.setItem('token', 'a-token');
    localStorage.setItem('id', 'a-user');
    await openRenderedLanding();
    const ways = screen.getAllByRole('link', { name: 'Open your dashboard' });
    expect(ways).toHaveLength(3);
    for (const way of ways) expect(way).toHaveAttribute('href', '/app/dashboard');
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log in with email' })).toBeNull();
    expect(screen.queryByRole('link', { name: /sign in/i })).toBeNull();
    // Signed out again (another tab), the page as built comes back.
    localStorage.clear();
    await openRenderedLanding();
    expect(screen.queryByRole('link', { name: 'Open your dashboard' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Get Started' })).toHaveLength(2);
  });

  it('sends the Google buttons to sign-up, and says so, on a server without Google', async () => {
    await openRenderedLanding({ google: false, dev: false });
    for (const link of screen.getAllByRole('link', { name: /^(Get Started|Sign in)/ })) {
      expect(link).toHaveAttribute('href', '/register');
    }
    expect(screen.getByText(GOOGLE_NOT_SET_UP_TEXT)).toBeVisible();
    expect(screen.queryByText(DEV_SIGN_IN_TEXT)).toBeNull();
  });

  it('says when the Google buttons lead to the development sign-in', async () => {
    await openRenderedLanding({ google: false, dev: true });
    expect(screen.getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute(
      'href',
      GOOGLE_START,
    );
    expect(screen.getByText(DEV_SIGN_IN_TEXT)).toBeVisible();
    expect(screen.queryByText(GOOGLE_NOT_SET_UP_TEXT)).toBeNull();
  });

  it('says once, right after an account deletion, that the account is gone, until dismissed', async () => {
    sessionStorage.setItem('wellspring.accountDeleted', '1');
    await openRenderedLanding();
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(/everything in it have been deleted/);
    expect(sessionStorage.getItem('wellspring.accountDeleted')).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/have been deleted/)).toBeNull();
    // Another visit says nothing.
    await openRenderedLanding();
    expect(screen.queryByText(/have been deleted/)).toBeNull();
  });

  it('says once, after a sign-in that failed, that it failed, until dismissed', async () => {
    markLandingNotice('sign-in-failed');
    await openRenderedLanding();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(SIGN_IN_FAILED_NOTICE);
    // Only the word that was left.
    expect(screen.queryByText(/have been deleted/)).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await openRenderedLanding();
    expect(screen.queryByText(SIGN_IN_FAILED_NOTICE)).toBeNull();
  });

  it('dismisses one word and keeps the other', async () => {
    markLandingNotice('account-deleted');
    markLandingNotice('sign-in-failed');
    await openRenderedLanding();
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(/have been deleted/);
  });

  it('opens the small-screen menu with its button, and closes it with Escape or a followed link', async () => {
    await openRenderedLanding();
    const button = document.querySelector<HTMLButtonElement>('button[data-menu-toggle]')!;
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    await userEvent.click(button);
    expect(menu).not.toBeVisible();
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
    await userEvent.click(button);
    const faq = within(menu).getByRole('link', { name: 'FAQ' });
    expect(faq).toHaveAttribute('href', '/home/landing#faq');
    fireEvent.click(faq);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
  });

  it('selects one How It Works card at a time, by click and by arrow key, showing its details', async () => {
    await openRenderedLanding();
    const tabs = screen.getAllByRole('tab');
    const panel = () => screen.getByRole('tabpanel');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'false',
    ]);
    expect(panel()).toHaveAccessibleName(/Set Your Goals/);
    expect(within(panel()).getByRole('heading')).toHaveTextContent('Set Your Goals');
    await userEvent.click(tabs[1]!);
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'false');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    expect(panel()).toHaveAccessibleName(/Earn Points/);
    expect(within(panel()).getByRole('heading')).toHaveTextContent('Earn Points');
    expect(within(panel()).getByText(/shuffle for another one/)).toBeVisible();
    expect(within(panel()).getByText(/points goal, gentle or ambitious/)).not.toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[2]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(tabs[2]).toHaveFocus();
    expect(within(panel()).getByRole('heading')).toHaveTextContent('Track Progress');
    await userEvent.keyboard('{Home}');
    expect(tabs[0]).toHaveFocus();
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(tabs[2]).toHaveFocus();
    expect(panel()).toHaveAccessibleName(/Track Progress/);
  });

  it('answers the FAQ in an accordion, one answer open at a time', async () => {
    await openRenderedLanding();
    const faq = document.getElementById('faq')!;
    const first = within(faq).getByRole('button', { expanded: true });
    expect(first).toHaveTextContent(/subscription/i);
    expect(within(faq).getAllByRole('button', { expanded: false })).toHaveLength(5);
    const internet = within(faq).getByRole('button', { name: /internet connection/i });
    await userEvent.click(internet);
    expect(internet).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: /internet connection/i })).toBeVisible();
    expect(screen.queryByRole('region', { name: /subscription/i })).toBeNull();
    await userEvent.click(internet);
    expect(within(faq).queryAllByRole('button', { expanded: true })).toHaveLength(0);
    expect(within(faq).queryAllByRole('region')).toHaveLength(0);
  });
});

describe('a part the app renders, set up by its ref', () => {
  it('works while in the page and stops once taken out', async () => {
    const { html } = await renderPage('/home/landing');
    document.body.innerHTML = html;
    const accordion = document.querySelector<HTMLElement>('[data-accordion]')!;
    const cleanUp = scriptedPart(setUpAccordions)(accordion);
    const [first, second] = within(accordion).getAllByRole('button');
    await userEvent.click(second!);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    cleanUp();
    await userEvent.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });
});
