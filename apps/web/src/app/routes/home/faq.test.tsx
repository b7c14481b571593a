import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/test-utils';

/*
 * The FAQ page is rendered by the app, with the top bar and the accordion of the landing page:
 * static markup whose menu and answers the landing page's script works, set up through their refs
 * (decision 068).
 */

async function openFaq(width = 1400) {
  const view = renderApp('/home/faq', { width });
  await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
  return view;
}

describe('the FAQ page', () => {
  it('answers the six questions in an accordion, one answer open at a time', async () => {
    await openFaq();
    const page = within(screen.getByRole('main'));
    const first = page.getByRole('button', { expanded: true });
    expect(first).toHaveTextContent(/subscription/i);
    expect(page.getAllByRole('button', { expanded: false })).toHaveLength(5);
    const shuffle = page.getByRole('button', { name: /don't like the task/i });
    await userEvent.click(shuffle);
    expect(shuffle).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: /don't like the task/i })).toHaveTextContent(
      'Shuffle',
    );
    await userEvent.click(shuffle);
    expect(page.queryAllByRole('button', { expanded: true })).toHaveLength(0);
    expect(screen.queryByRole('region', { name: /don't like the task/i })).toBeNull();
    // The title is set in an effect, which can run a moment after the heading is found.
    await waitFor(() => expect(document.title).toBe('FAQ | Wellspring'));
  });

  it('opens the top bar menu at phone width, and closes it with Escape or a followed link', async () => {
    await openFaq(390);
    const button = document.querySelector<HTMLButtonElement>('button[data-menu-toggle]')!;
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(menu).not.toBeVisible();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
    await userEvent.click(button);
    const faq = within(menu).getByRole('link', { name: 'FAQ' });
    fireEvent.click(faq);
    expect(menu).not.toBeVisible();
  });

  it('closes the top bar menu when another page of the public area opens', async () => {
    const { router } = await openFaq(390);
    await userEvent.click(document.querySelector<HTMLButtonElement>('button[data-menu-toggle]')!);
    expect(screen.getByRole('button', { name: /sections menu/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await act(() => router.navigate('/terms'));
    await screen.findByRole('heading', { level: 1, name: /terms/i });
    const button = document.querySelector<HTMLButtonElement>('button[data-menu-toggle]')!;
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(button.getAttribute('aria-controls')!)).not.toBeVisible();
  });

  it('loads the landing page in full from its top bar: plain links, which the router leaves alone', async () => {
    const { router } = await openFaq();
    expect(screen.getByRole('link', { name: 'Wellspring, home' })).toHaveAttribute(
      'href',
      '/home/landing',
    );
    const sections = screen.getAllByRole('navigation', { name: 'Sections' })[0]!;
    // After the app has seen the click: jsdom cannot load another page.
    const stopLoad = (event: Event) => event.preventDefault();
    document.addEventListener('click', stopLoad);
    try {
      for (const link of within(sections).getAllByRole('link')) {
        expect(link.getAttribute('href')).toMatch(/^\/home\/landing#/);
        await userEvent.click(link);
        expect(router.state.location.pathname).toBe('/home/faq');
      }
    } finally {
      document.removeEventListener('click', stopLoad);
    }
  });
});
