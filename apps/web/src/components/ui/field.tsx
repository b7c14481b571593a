import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '@/lib/cn';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Shows a button that reveals the password. */
  isPassword?: boolean;
}

const inputClasses =
  'h-12 w-full rounded-xl border bg-card px-4 text-[15px] text-ink shadow-xs transition placeholder:text-ink-muted/70 focus:border-brand-violet read-only:bg-surface read-only:text-ink-muted aria-invalid:border-red-600';

/** A labelled text input with its hint and its error, wired for screen readers. */
export function TextField({
  label,
  error,
  hint,
  className,
  isPassword = false,
  type,
  ref,
  ...props
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [isRevealed, setIsRevealed] = useState(false);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={isPassword ? (isRevealed ? 'text' : 'password') : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(
            inputClasses,
            error ? 'border-red-600' : 'border-line',
            isPassword && 'pr-12',
          )}
          {...props}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setIsRevealed((v) => !v)}
            className="absolute inset-y-0 right-1 my-auto flex size-10 items-center justify-center rounded-lg text-ink-muted hover:text-ink"
            aria-label={isRevealed ? 'Hide password' : 'Show password'}
            aria-pressed={isRevealed}
          >
            {isRevealed ? (
              <EyeOff className="size-5" aria-hidden />
            ) : (
              <Eye className="size-5" aria-hidden />
            )}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, error, className, ref, ...props }: CheckboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          // 24 px each way (WCAG 2.5.8): a list of them stays pressable one by one.
          className="size-6 shrink-0 rounded accent-brand-violet"
          {...props}
        />
        <label htmlFor={id} className="pt-0.5 text-sm text-ink-soft">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  error?: string;
}

/** A labelled native select: the phone's own picker, and the keyboard's. */
export function SelectField({
  label,
  error,
  children,
  className,
  ref,
  ...props
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      {/* A label can name an activity: forty letters with no space still wrap. */}
      <label htmlFor={id} className="text-sm font-medium break-words text-ink">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          'h-12 w-full min-w-0 rounded-xl border bg-card px-3 text-[15px] text-ink shadow-xs transition focus:border-brand-violet',
          error ? 'border-red-600' : 'border-line',
        )}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
