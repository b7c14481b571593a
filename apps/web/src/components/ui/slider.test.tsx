import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Slider } from './slider';

describe('Slider', () => {
  it('is a labelled range with its bounds, its value text and a track filled to the value', () => {
    const onChange = vi.fn();
    render(
      <Slider
        label="Points goal"
        value={150_000}
        min={50_000}
        max={500_000}
        step={50_000}
        onChange={onChange}
        valueText="150,000 points"
        minLabel="50.000"
        maxLabel="500.000"
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Points goal' });
    expect(slider).toHaveValue('150000');
    expect(slider).toHaveAttribute('min', '50000');
    expect(slider).toHaveAttribute('max', '500000');
    expect(slider).toHaveAttribute('step', '50000');
    expect(slider).toHaveAttribute('aria-valuetext', '150,000 points');
    // 150,000 is two ninths of the way from 50,000 to 500,000.
    expect(slider.style.background).toContain('22.2222');
    expect(screen.getByText('50.000')).toBeInTheDocument();
    expect(screen.getByText('500.000')).toBeInTheDocument();

    fireEvent.change(slider, { target: { value: '300000' } });
    expect(onChange).toHaveBeenCalledWith(300_000);
  });

  it('reads its value the English way when no value text is given (not the German 200.000)', () => {
    render(
      <Slider
        label="Points goal"
        value={200_000}
        min={50_000}
        max={500_000}
        step={50_000}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('slider', { name: 'Points goal' })).toHaveAttribute(
      'aria-valuetext',
      '200,000',
    );
  });

  it('can be disabled', () => {
    render(
      <Slider label="Level" value={1} min={0} max={2} step={1} onChange={() => {}} disabled />,
    );
    expect(screen.getByRole('slider', { name: 'Level' })).toBeDisabled();
  });
});

// STYLE.md: one component per idea. Every range input of the app is this one.
const SOURCES = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('one slider in the app', () => {
  it('no other file renders a range input', () => {
    const withRange = Object.entries(SOURCES)
      .filter(([, text]) => /type=["']range["']/.test(text))
      .map(([file]) => file);
    expect(withRange).toEqual(['/src/components/ui/slider.tsx']);
  });
});
