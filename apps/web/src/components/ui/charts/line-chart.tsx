import { useRef } from 'react';
import { AXIS_TICK, plotBox, XAxisLabel, YAxisGrid } from './chart-parts';
import { linearScale } from './scales';
import { useElementWidth } from './use-element-width';

export interface LineDatum {
  key: string;
  /** Null for a gap: the line breaks there and no dot is drawn. */
  value: number | null;
  /** The dot's colour; the line's colour when absent. */
  color?: string;
}

/** Before the chart is measured (and in jsdom). */
const INITIAL_WIDTH = 600;
const LINE_COLOR = '#9B51E0';

/** Runs of consecutive data with a value: each is drawn as one line, the gaps left open. */
export function splitRuns<T extends { value: number | null }>(data: readonly T[]) {
  const runs: { index: number; value: number }[][] = [];
  let run: { index: number; value: number }[] = [];
  data.forEach((datum, index) => {
    if (datum.value === null) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else run.push({ index, value: datum.value });
  });
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * A line with dots over an evenly spaced series (decision 033: plain SVG, no chart library),
 * broken where a value is missing. A picture only: the wrapper is aria-hidden, and the screen
 * gives the same story in words or a table beside it. Fills its container unless given `width`.
 */
export function LineChart({
  data,
  yDomain,
  yTicks,
  formatTick,
  xLabels,
  height,
  width: fixedWidth,
  yAxisWidth = 64,
}: {
  data: readonly LineDatum[];
  yDomain: readonly [number, number];
  yTicks: readonly number[];
  formatTick: (value: number) => string;
  /** The x-axis labels, under the datum of the same key. */
  xLabels: readonly { key: string; label: string }[];
  height: number;
  width?: number;
  /** Room for the y labels, left of the plot. */
  yAxisWidth?: number;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const measuredWidth = useElementWidth(containerRef, fixedWidth ?? INITIAL_WIDTH);
  const width = fixedWidth ?? measuredWidth;
  const box = { ...plotBox(width, height), left: 4 + yAxisWidth };
  const inset = 8;
  const x = linearScale([0, Math.max(1, data.length - 1)], [box.left + inset, box.right - inset]);
  const y = linearScale(yDomain, [box.bottom - inset, box.top + inset]);
  const radius = data.length > 120 ? 2 : data.length > 45 ? 3 : 4;
  const indexOf = new Map(data.map((datum, i) => [datum.key, i]));

  return (
    <div ref={containerRef} className="relative w-full" aria-hidden>
      <svg width={width} height={height} className="block overflow-visible">
        <YAxisGrid ticks={yTicks} y={y} box={box} format={formatTick} />
        {splitRuns(data).map((run) =>
          run.length > 1 ? (
            <polyline
              key={`line-${run[0]!.index}`}
              points={run.map((p) => `${x(p.index)},${y(p.value)}`).join(' ')}
              fill="none"
              stroke={LINE_COLOR}
              strokeWidth={data.length > 120 ? 1 : 1.5}
              strokeLinejoin="round"
              strokeOpacity={0.6}
            />
          ) : null,
        )}
        {data.map((datum, i) =>
          datum.value === null ? null : (
            <circle
              key={datum.key}
              cx={x(i)}
              cy={y(datum.value)}
              r={radius}
              fill={datum.color ?? LINE_COLOR}
              stroke="var(--color-card)"
              strokeWidth={radius > 2 ? 1 : 0}
              data-testid="line-chart-dot"
            />
          ),
        )}
        {xLabels.map(({ key, label }) => {
          const i = indexOf.get(key);
          return i === undefined ? null : (
            <XAxisLabel key={key} x={x(i)} box={box}>
              {label}
            </XAxisLabel>
          );
        })}
        <line
          x1={box.left}
          x2={box.right}
          y1={box.bottom}
          y2={box.bottom}
          stroke={AXIS_TICK.fill}
          strokeOpacity={0.3}
        />
      </svg>
    </div>
  );
}
