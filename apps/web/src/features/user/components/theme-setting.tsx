import type { Theme } from '@wellspring/shared';
import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { applyTheme, readStoredTheme, writeStoredTheme } from '@/lib/theme';
import { usePreferences } from '../api/preferences';
import { useUpdatePreferences } from '../api/update-preferences';

export const THEME_SAVE_FAILURE_MESSAGE = 'Your theme could not be saved. Please try again.';

const OPTIONS: readonly { value: Theme; label: string; icon: LucideIcon }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/**
 * Light, Dark or System (decision 040): a native radio group (arrow keys move and choose), applied
 * at once, kept on this device and saved to the account; a failed save goes back to the theme
 * before.
 */
export function ThemeSetting() {
  const labelId = useId();
  const name = useId();
  const { data: preferences, isPending: isLoading } = usePreferences();
  const update = useUpdatePreferences();
  const current = preferences?.theme ?? readStoredTheme();

  const choose = (theme: Theme) => {
    const previous = current;
    writeStoredTheme(theme);
    applyTheme(theme);
    update.mutate(
      { theme },
      {
        onError: () => {
          writeStoredTheme(previous);
          applyTheme(previous);
          toast.error(THEME_SAVE_FAILURE_MESSAGE);
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <p id={labelId} className="text-sm font-semibold text-ink">
        Theme
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className="grid grid-cols-3 gap-2">
        {OPTIONS.map(({ value, label, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'flex h-11 cursor-pointer items-center has-disabled:cursor-wait justify-center gap-2 rounded-xl border text-sm font-semibold transition has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-violet',
              // The chosen one has a thicker border too: colour is not the only sign.
              current === value
                ? 'border-2 border-brand-violet bg-surface text-ink'
                : 'border-line bg-card text-ink-soft hover:border-brand-violet/40',
            )}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={current === value}
              // Until the account's theme arrives: a choice now would be overwritten by it.
              disabled={isLoading}
              onChange={() => choose(value)}
              className="sr-only"
            />
            <Icon className="size-4" aria-hidden />
            {label}
          </label>
        ))}
      </div>
    </div>
  );
}
