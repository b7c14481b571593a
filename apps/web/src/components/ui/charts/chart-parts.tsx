import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The pieces every chart of the app shares (decision 033): plain SVG with the scales of scales.ts,
 * no chart library. A chart is a picture for sighted users: its wrapper is aria-hidden and the
 * screen beside it gives the same figures as a table, which is what screen readers and keyboards
 * use.
 */

/** The plot area inside the SVG, in pixels. */
export interface PlotBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/* The theme's tokens (index.css), so the axes follow the light and dark themes (decision 040). */
export const AXIS_TICK = { fill: 'var(--color-ink-muted)', fontSize: 12, fontWeight: 500 } as const;
export const GRID_STROKE = 'var(--color-line)';
/** The y-axis labels' column, left of the plot. */
export const Y_AXIS_WIDTH = 64;
/** Room under the plot for the x-axis labels. */
export const X_AXIS_HEIGHT = 30;

/** The plot box of a chart `width` by `height` with the y-axis on the left. */
export function plotBox(width: number, height: number): PlotBox {
  return { left: 4 + Y_AXIS_WIDTH, right: width - 4, top: 8, bottom: height - X_AXIS_HEIGHT };
}

/** Dashed horizontal grid lines at the y ticks, and their labels right-aligned left of the plot. */
export function YAxisGrid({
  ticks,
  y,
  box,
  format,
}: {
  ticks: readonly number[];
  y: (value: number) => number;
  box: PlotBox;
  format: (value: number) => string;
}) {
  return (
    <g>
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={box.left}
            x2={box.right}
            y1={y(tick)}
            y2={y(tick)}
            stroke={GRID_STROKE}
            strokeDasharray="4 4"
          />
          <text
            x={box.left - 8}
            y={y(tick)}
            textAnchor="end"
            dominantBaseline="middle"
            {...AXIS_TICK}
          >
            {format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** An x-axis label centred under `x`. */
export function XAxisLabel({ x, box, children }: { x: number; box: PlotBox; children: string }) {
  return (
    <text x={x} y={box.bottom + 8} textAnchor="middle" dominantBaseline="hanging" {...AXIS_TICK}>
      {children}
    </text>
  );
}

/** The card that follows the pointer over a chart: centred above `x`, kept inside the chart. */
export function ChartTooltip({
  x,
  y,
  width,
  children,
  className,
}: {
  x: number;
  y: number;
  /** The chart's width, to keep the card inside it. */
  width: number;
  children: ReactNode;
  className?: string;
}) {
  // Centred on x, but never past either edge (the card is at most 160 px wide).
  const left = Math.min(Math.max(x, 80), Math.max(80, width - 80));
  return (
    <div
      className={cn(
        'pointer-events-none absolute z-10 -translate-x-1/2 -translate-y-full rounded-xl border border-line bg-card px-3 py-2 text-sm whitespace-nowrap shadow-card',
        className,
      )}
      style={{ left, top: Math.max(0, y - 8) }}
    >
      {children}
    </div>
  );
}
