import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/test-utils';
import { readStoredBackground } from '@/lib/auth-storage';
import { WelcomeCard } from './welcome-card';

afterEach(() => vi.useRealTimers());

describe('the welcome card', () => {
  it('greets and shows a 12-hour clock that ticks every second', () => {
    vi.useFakeTimers({ now: new Date('2024-05-14T22:24:36Z') });
    render(<WelcomeCard user={buildUser({ timeZone: 'UTC', mood: 'Happy' })} />);
    expect(screen.getByRole('heading', { name: 'Hi There! Welcome Back' })).toBeVisible();
    expect(screen.getByText('Feeling Happy')).toBeVisible();
    expect(screen.getByText('May 14, 2024')).toBeVisible();
    expect(screen.getByText('10:24:36 PM')).toBeVisible();
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('10:24:36 PM')).toBeVisible();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('10:24:37 PM')).toBeVisible();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('10:24:38 PM')).toBeVisible();
  });

  it("tells the time and the date in the user's time zone, across midnight", () => {
    vi.useFakeTimers({ now: new Date('2024-05-14T22:59:59Z') });
    render(<WelcomeCard user={buildUser({ timeZone: 'Europe/Berlin' })} />);
    expect(screen.getByText('12:59:59 AM')).toBeVisible();
    expect(screen.getByText('May 15, 2024')).toBeVisible();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('1:00:00 AM')).toBeVisible();
  });

  it('shows the selected background behind the greeting', () => {
    const { container } = render(
      <WelcomeCard user={buildUser({ selectedBackgroundURL: '/backgrounds/quiet-peaks.svg' })} />,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', '/backgrounds/quiet-peaks.svg');
  });

  it('keeps the chosen background on the device for the signed-in frame (decision 052)', () => {
    const { rerender } = render(<WelcomeCard user={undefined} />);
    expect(readStoredBackground()).toBeNull();
    rerender(
      <WelcomeCard user={buildUser({ selectedBackgroundURL: '/backgrounds/quiet-peaks.svg' })} />,
    );
    expect(readStoredBackground()).toBe('/backgrounds/quiet-peaks.svg');
    rerender(<WelcomeCard user={buildUser({ selectedBackgroundURL: null })} />);
    expect(readStoredBackground()).toBeNull();
  });
});
