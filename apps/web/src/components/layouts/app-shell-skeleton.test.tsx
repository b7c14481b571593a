import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WIDE_NAV_MIN_WIDTH } from '@/config/breakpoints';
import { AppShellSkeleton } from './app-shell-skeleton';

/**
 * The frame lays its navigation out as the app does (app-layout.tsx: the wide bar from
 * WIDE_NAV_MIN_WIDTH, else the bottom strip and no top bar), so the welcome card it paints ahead
 * (decision 052) sits where the app's card will on a phone instead of 65 px lower.
 */
describe('AppShellSkeleton', () => {
  const wide = `min-[${WIDE_NAV_MIN_WIDTH}px]`;

  it('shows its top bar only where the app shows the wide bar', () => {
    const { container } = render(<AppShellSkeleton />);
    const header = container.querySelector('header')!;
    expect(header.classList).toContain('hidden');
    expect(header.classList).toContain(`${wide}:block`);
  });

  it('shows the bottom strip with the menu button everywhere else', () => {
    const { container } = render(<AppShellSkeleton />);
    const strip = container.querySelector('[data-frame-menu-strip]')!;
    expect(strip.classList).toContain('fixed');
    expect(strip.classList).toContain('bottom-0');
    expect(strip.classList).toContain(`${wide}:hidden`);
  });
});
