import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollArea } from '@/components/ui/scroll-area';

afterEach(() => vi.useRealTimers());

describe('useAutoHideScrollbar', () => {
  it('shows the scroll bar while scrolling and hides it 600 ms after the last scroll', () => {
    vi.useFakeTimers();
    render(<ScrollArea data-testid="area">content</ScrollArea>);
    const area = screen.getByTestId('area');
    expect(area).toHaveClass('scroll-area');
    expect(area).not.toHaveAttribute('data-scrolling');
    fireEvent.scroll(area);
    expect(area).toHaveAttribute('data-scrolling', 'true');
    act(() => vi.advanceTimersByTime(400));
    fireEvent.scroll(area);
    act(() => vi.advanceTimersByTime(599));
    expect(area).toHaveAttribute('data-scrolling');
    act(() => vi.advanceTimersByTime(1));
    expect(area).not.toHaveAttribute('data-scrolling');
  });
});
