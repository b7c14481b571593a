import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import {
  DEV_SIGN_IN_TEXT,
  GOOGLE_NOT_SET_UP_AUTH_TEXT,
  signInProviderKeys,
} from '@/lib/sign-in-providers';
import { mockApi, renderApp } from '@/test/test-utils';

const GOOGLE_START = '/api/v1/auth/google/start';

/** The server answers which sign-in it offers. */
function serverOffers(providers: { google: boolean; dev: boolean }) {
  return mockApi({ 'GET /auth/providers': () => providers });
}

/**
 * Every Google sign-in and Get Started link of a public page the app renders (the FAQ: the top bar
 * at both widths and the closing banner). The landing page's, rendered ahead and pointed by its
 * own script, are tested in landing-script.test.ts.
 */
function publicSignInLinks() {
  return [
    ...screen.getAllByRole('link', { name: /^Sign in/ }),
    ...screen.getAllByRole('link', { name: 'Get Started' }),
  ];
}

async function openFaq() {
  const view = renderApp('/home/faq', { width: 1400 });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/** Waits until the page has the server's answer. */
async function answered(queryClient: QueryClient) {
  await waitFor(() =>
    expect(queryClient.getQueryState(signInProviderKeys.all)?.status).toBe('success'),
  );
}

describe("the public pages' top bar and banner, by the sign-in the server offers", () => {
  it('without Google: Get Started and the Google buttons lead to sign-up', async () => {
    const { calls } = serverOffers({ google: false, dev: false });
    const { queryClient } = await openFaq();
    await answered(queryClient);
    const links = publicSignInLinks();
    // The top bar's button (wide and narrow) and the banner's Get Started.
    expect(links).toHaveLength(3);
    await waitFor(() => {
      for (const link of publicSignInLinks()) expect(link).toHaveAttribute('href', '/register');
    });
    expect(calls.filter((c) => c.path === '/auth/providers')).toHaveLength(1);

    await userEvent.click(screen.getByRole('link', { name: 'Get Started' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create an Account' }),
    ).toBeVisible();
    expect(screen.getByText(GOOGLE_NOT_SET_UP_AUTH_TEXT)).toBeVisible();
  });

  it('with Google or the development sign-in: every sign-in link starts Google sign-in', async () => {
    serverOffers({ google: false, dev: true });
    const { queryClient } = await openFaq();
    await answered(queryClient);
    expect(publicSignInLinks()).toHaveLength(3);
    for (const link of publicSignInLinks()) expect(link).toHaveAttribute('href', GOOGLE_START);
  });

  it('keeps the links to Google sign-in when the server cannot be asked', async () => {
    const { calls } = mockApi({
      'GET /auth/providers': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await openFaq();
    await waitFor(() => expect(calls.some((c) => c.path === '/auth/providers')).toBe(true));
    for (const link of publicSignInLinks()) expect(link).toHaveAttribute('href', GOOGLE_START);
  });
});

describe.each(['/login', '/register'])('%s, by the sign-in the server offers', (path) => {
  it('without Google: no Google button, and a line saying why', async () => {
    serverOffers({ google: false, dev: false });
    renderApp(path);
    expect(await screen.findByText(GOOGLE_NOT_SET_UP_AUTH_TEXT)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
  });

  it('with Google: Continue with Google starts it', async () => {
    serverOffers({ google: true, dev: false });
    const { queryClient } = renderApp(path);
    await answered(queryClient);
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      GOOGLE_START,
    );
    expect(screen.queryByText(GOOGLE_NOT_SET_UP_AUTH_TEXT)).toBeNull();
    expect(screen.queryByText(DEV_SIGN_IN_TEXT)).toBeNull();
  });

  it('with the development sign-in: Continue with Google starts it, labelled', async () => {
    serverOffers({ google: false, dev: true });
    renderApp(path);
    expect(await screen.findByText(DEV_SIGN_IN_TEXT)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      GOOGLE_START,
    );
  });
});
