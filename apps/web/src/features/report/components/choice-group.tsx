import { useId } from 'react';
import { cn } from '@/lib/cn';

/**
 * A set of radio buttons drawn as buttons side by side: the chosen one has a thicker border
 * too, so colour is not the only sign (as the theme setting).
 */
export function ChoiceGroup<V extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex h-11 cursor-pointer items-center justify-center rounded-xl border px-4 text-sm font-semibold transition has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-violet',
              value === option.value
                ? 'border-2 border-brand-violet bg-surface text-ink'
                : 'border-line bg-card text-ink-soft hover:border-brand-violet/40',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
