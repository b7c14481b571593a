import { cn } from '@/lib/cn';

/** A labelled progress bar from 0 to 100 (values outside are kept inside). */
export function ProgressBar({
  value,
  label,
  valueText,
  size = 'md',
  track = 'surface',
  className,
}: {
  value: number;
  label: string;
  /** What a screen reader says for the value, when a bare percent is not enough. */
  valueText?: string;
  size?: 'sm' | 'md';
  /** The empty part's colour: white where the bar sits on a surface-coloured box. */
  track?: 'surface' | 'white';
  className?: string;
}) {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
      className={cn(
        'w-full overflow-hidden rounded-full',
        track === 'white' ? 'bg-card' : 'bg-surface',
        size === 'sm' ? 'h-2' : 'h-3',
        className,
      )}
    >
      <div
        className="h-full rounded-full bg-brand-gradient transition-[width] duration-500 ease-out motion-reduce:transition-none"
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
