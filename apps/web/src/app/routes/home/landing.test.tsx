import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/test-utils';

async function openLanding() {
  const view = renderApp('/home/landing', { width: 1400 });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

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
    const nav = screen.getAllByRole('navigation', { name: 'Sections' })[0]!;
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

  it('selects one How It Works card at a time, by click and by arrow key', async () => {
    await openLanding();
    const tabs = screen.getAllByRole('tab');
    expect(
      tabs.map(
        (t) => within(t).getByText(/^(Set Your Goals|Earn Points|Track Progress)$/).textContent,
      ),
    ).toEqual(['Set Your Goals', 'Earn Points', 'Track Progress']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(tabs[1]!);
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Earn Points');
    await userEvent.keyboard('{ArrowRight}');
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[2]).toHaveFocus();
  });

  it('answers the six questions in an accordion', async () => {
    await openLanding();
    const questions = within(document.getElementById('faq')!).getAllByRole('button', {
      expanded: false,
    });
    const first = within(document.getElementById('faq')!).getByRole('button', { expanded: true });
    expect(questions.length + 1).toBe(6);
    expect(first).toHaveTextContent(/subscription/i);
    const shuffle = screen.getByRole('button', { name: /don't like the task/i });
    await userEvent.click(shuffle);
    expect(shuffle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: /don't like the task/i })).toHaveTextContent(
      'Shuffle',
    );
    expect(first).toHaveAttribute('aria-expanded', 'false');
    for (const topic of [
      /diary entries/i,
      /data safe/i,
      /internet connection/i,
      /several tasks/i,
    ]) {
      expect(screen.getByRole('button', { name: topic })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: /several tasks/i }));
    expect(screen.getByRole('region', { name: /several tasks/i })).toHaveTextContent('Add Task');
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

  it('says once, right after an account deletion, that the account is gone', async () => {
    sessionStorage.setItem('wellspring.accountDeleted', '1');
    try {
      const first = await openLanding();
      const notice = screen.getByRole('status');
      expect(notice).toHaveTextContent(
        'Your account and everything in it have been deleted, and every device is signed out.',
      );
      expect(sessionStorage.getItem('wellspring.accountDeleted')).toBeNull();
      fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByText(/have been deleted/)).not.toBeInTheDocument();
      first.unmount();
      // Another visit says nothing.
      await openLanding();
      expect(screen.queryByText(/have been deleted/)).not.toBeInTheDocument();
    } finally {
      sessionStorage.clear();
    }
  });

  it('shows the same FAQ on /home/faq', async () => {
    renderApp('/home/faq');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeVisible();
    expect(screen.getAllByRole('button', { expanded: false }).length).toBeGreaterThanOrEqual(5);
    // The title is set in an effect, which can run a moment after the heading is found.
    await waitFor(() => expect(document.title).toBe('FAQ | Wellspring'));
  });
});
