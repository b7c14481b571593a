import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '@/prerender';

/*
 * The landing page as the server sends it: the build's rendered-ahead HTML, never rendered by the
 * app (decision 068). Its interactive parts, worked by its own script, are tested in
 * features/landing/script/landing-script.test.ts.
 */

async function openLanding() {
  const { html } = await renderPage('/home/landing');
  document.body.innerHTML = `<div id="root">${html}</div>`;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the landing page', () => {
  it('has one h1 and the landmarks', async () => {
    await openLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('anchors the top bar to Home, About, Flow and FAQ', async () => {
    await openLanding();
    const nav = screen.getAllByRole('navigation', { name: 'Sections', hidden: true })[0]!;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/home/landing#home'],
      ['About', '/home/landing#about'],
      ['Flow', '/home/landing#flow'],
      ['FAQ', '/home/landing#faq'],
    ]);
    for (const id of ['home', 'about', 'flow', 'faq']) {
      expect(document.getElementById(id)).not.toBeNull();
    }
  });

  it('sends every sign-in and Get Started link to Google sign-in', async () => {
    await openLanding();
    const links = [
      screen.getByRole('link', { name: 'Sign in with Google' }),
      ...screen.getAllByRole('link', { name: 'Get Started' }),
    ];
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(link).toHaveAttribute('href', '/api/v1/auth/google/start');
  });

  it('shows the dashboard picture and About Us', async () => {
    await openLanding();
    const picture = screen.getByRole('img', { name: /dashboard/i });
    expect(picture).toHaveAttribute('src', '/images/dashboard-1200.webp');
    expect(picture).toHaveAttribute(
      'srcset',
      '/images/dashboard-600.webp 600w, /images/dashboard-1200.webp 1200w',
    );
    expect(screen.getByText('About Us')).toBeVisible();
  });

  it('starts with the first How It Works card selected and the first question answered', async () => {
    await openLanding();
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'false',
    ]);
    const faq = document.getElementById('faq')!;
    expect(within(faq).getByRole('button', { expanded: true })).toHaveTextContent(/subscription/i);
    expect(within(faq).getAllByRole('button', { expanded: false })).toHaveLength(5);
    for (const topic of [
      /diary entries/i,
      /data safe/i,
      /don't like the task/i,
      /internet connection/i,
      /several tasks/i,
    ]) {
      expect(within(faq).getByRole('button', { name: topic })).toBeInTheDocument();
    }
  });

  it('has Contact Us, and a footer with its groups (the Terms and the Privacy Policy linked), socials and the 2024 copyright', async () => {
    await openLanding();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    const footer = screen.getByRole('contentinfo');
    for (const group of ['Product', 'Get Help', 'Details', 'Socials']) {
      expect(within(footer).getByRole('heading', { name: group })).toBeInTheDocument();
    }
    // SPEC.md leaves the footer's links empty; the pages sign-up asks to accept are the exception.
    expect(
      within(footer)
        .queryAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Privacy Policy', '/privacy'],
      ['Terms of Use', '/terms'],
    ]);
    expect(within(footer).getByRole('img', { name: 'Instagram' })).toBeInTheDocument();
    expect(within(footer).getByText('© 2024 Wellspring')).toBeInTheDocument();
  });
});
