import { useId, useRef, useState, type ReactNode } from 'react';
import { ChartTooltip, plotBox, XAxisLabel, YAxisGrid } from './chart-parts';
import { bandScale, linearScale } from './scales';
import { useElementWidth } from './use-element-width';

export interface BarDatum {
  /** Unique within the chart (a date, a mood). */
  key: string;
  /** The x-axis label. */
  label: string;
  /** The bar's height on the y scale; values outside the domain are drawn at its edge. */
  value: number;
}

const BAR_RADIUS = 8;
/** Before the chart is measured (and in jsdom): the width recharts assumed too. */
const INITIAL_WIDTH = 600;

/**
 * A bar chart in plain SVG: one bar per datum on a band x-axis, a linear y-axis with fixed ticks
 * and dashed grid lines, bars in a top-to-bottom gradient with rounded tops that grow in unless
 * the user prefers reduced motion, and a tooltip while the pointer is over a bar's column (the
 * column is tinted). It fills its container's width unless `width` is given. A datum of 0 draws no
 * bar. The chart is decorative for assistive technology: put it in an aria-hidden wrapper and
 * give the figures in a table (decision 033).
 */
export function BarChart<T extends BarDatum>({
  data,
  yDomain,
  yTicks,
  formatTick,
  renderTooltip,
  height,
  width: fixedWidth,
  maxBarWidth = 44,
  gradient = ['#9B51E0', 'var(--color-brand-violet)'],
}: {
  data: readonly T[];
  yDomain: readonly [number, number];
  yTicks: readonly number[];
  formatTick: (value: number) => string;
  /** The tooltip's content for the datum under the pointer. */
  renderTooltip: (datum: T) => ReactNode;
  height: number;
  /** A fixed width in pixels; otherwise the chart follows its container's width. */
  width?: number;
  maxBarWidth?: number;
  /** The bars' colours, top and bottom. */
  gradient?: readonly [string, string];
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const measuredWidth = useElementWidth(containerRef, fixedWidth ?? INITIAL_WIDTH);
  const width = fixedWidth ?? measuredWidth;
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const gradientId = `bar-gradient-${useId().replace(/:/g, '')}`;

  const box = plotBox(width, height);
  const x = bandScale(
    data.map((datum) => datum.key),
    [box.left, box.right],
    { paddingInner: 0.1, paddingOuter: 0.05 },
  );
  const y = linearScale(yDomain, [box.bottom, box.top]);
  const barWidth = Math.min(x.bandwidth, maxBarWidth);
  const active = data.find((datum) => datum.key === activeKey);

  return (
    <div
      ref={containerRef}
      className="relative w-full"
      style={{ height }}
      onPointerLeave={() => setActiveKey(null)}
    >
      <svg width={width} height={height} className="block overflow-visible">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor={gradient[0]} />
            <stop offset="1" stopColor={gradient[1]} />
          </linearGradient>
          {/* Cuts the bars at the x-axis: each is drawn a radius too long, to square its foot. */}
          <clipPath id={`${gradientId}-plot`}>
            <rect x={box.left} y={0} width={box.right - box.left} height={box.bottom} />
          </clipPath>
        </defs>
        <YAxisGrid ticks={yTicks} y={y} box={box} format={formatTick} />
        {data.map((datum) => {
          const bandX = x(datum.key) ?? 0;
          const barTop = y(datum.value);
          const barHeight = box.bottom - barTop;
          return (
            <g
              key={datum.key}
              data-key={datum.key}
              onPointerEnter={() => setActiveKey(datum.key)}
              onPointerLeave={(event) => {
                // A touch ends with a leave: keep the tapped column's tooltip until the next one.
                if (event.pointerType === 'mouse') setActiveKey(null);
              }}
            >
              <rect
                x={bandX}
                y={box.top}
                width={x.bandwidth}
                height={box.bottom - box.top}
                rx={BAR_RADIUS}
                fill={datum.key === activeKey ? 'rgb(91 75 219 / 0.06)' : 'transparent'}
              />
              {barHeight > 0 && (
                <rect
                  x={bandX + (x.bandwidth - barWidth) / 2}
                  y={barTop}
                  width={barWidth}
                  height={barHeight + BAR_RADIUS}
                  rx={Math.min(BAR_RADIUS, barWidth / 2)}
                  fill={`url(#${gradientId})`}
                  clipPath={`url(#${gradientId}-plot)`}
                  data-bar
                  className="origin-bottom motion-safe:animate-bar-grow [transform-box:fill-box]"
                />
              )}
              <XAxisLabel x={bandX + x.bandwidth / 2} box={box}>
                {datum.label}
              </XAxisLabel>
            </g>
          );
        })}
      </svg>
      {active && (
        <ChartTooltip
          x={(x(active.key) ?? 0) + x.bandwidth / 2}
          // Above the bar, or over its top when there is no room above it.
          y={Math.min(Math.max(y(active.value), 64), box.bottom)}
          width={width}
        >
          {renderTooltip(active)}
        </ChartTooltip>
      )}
    </div>
  );
}
