import { DIARY_MAX_LENGTH } from '@wellspring/shared';
import { useId, type Ref } from 'react';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { cn } from '@/lib/cn';
import { DIARY_COUNTER_FROM, getDiaryLength, isDiaryTooLong } from '../utils/diaries';
import { DiaryTooLongMessage } from './diary-too-long-message';
import { WritingPrompt, withPromptFirst } from './writing-prompt';

/** SPEC.md section 2: the hint beside the diary form, word for word. */
export const DIARY_ONCE_A_DAY_HINT = 'You can create a diary once per day at any time*';

interface DiaryEditorProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** A message under the textarea, with a red border (the empty-diary alert). */
  error?: string | null;
  /** Shown under the hint, e.g. why the form is disabled. */
  note?: string;
  rows?: number;
  /** The once-a-day hint; the diary screen shows it in its header instead. */
  showHint?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/**
 * The diary textarea titled Write Your Diary, its placeholder, its hint and its error. Near the
 * limit a counter shows; past it a message says so and the text stays whole (nothing is cut, so a
 * long paste can be shortened by hand).
 */
export function DiaryEditor({
  value,
  onChange,
  disabled = false,
  error,
  note,
  rows = 9,
  showHint = true,
  ref,
  className,
}: DiaryEditorProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const counterId = `${id}-counter`;
  const length = getDiaryLength(value);
  const showCounter = !disabled && length >= DIARY_COUNTER_FROM;
  const isTooLong = !disabled && isDiaryTooLong(value);
  const message = isTooLong ? <DiaryTooLongMessage /> : error;
  const describedBy = [
    message ? errorId : null,
    showCounter ? counterId : null,
    showHint ? hintId : null,
    note ? noteId : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <label htmlFor={id} className="text-base font-semibold text-ink">
        Write Your Diary
      </label>
      <textarea
        ref={ref}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        rows={rows}
        placeholder="Dear Diary..."
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'w-full resize-y rounded-xl border bg-card px-4 py-3.5 text-[15px] leading-relaxed text-ink shadow-xs transition placeholder:text-ink-muted focus:border-brand-violet disabled:cursor-not-allowed disabled:bg-surface disabled:text-ink-soft',
          message ? 'border-red-600 ring-2 ring-red-600/25' : 'border-line',
        )}
      />
      {showCounter && (
        <p
          id={counterId}
          className={cn(
            'self-end text-xs font-semibold tabular-nums',
            isTooLong ? 'text-red-700' : 'text-ink-soft',
          )}
        >
          <FormattedNumber value={length} /> <span aria-hidden="true">/</span>
          <span className="sr-only">of</span> <FormattedNumber value={DIARY_MAX_LENGTH} />{' '}
          <span className="sr-only">characters</span>
        </p>
      )}
      {/* One live region from the start, so the message is announced when it appears. */}
      <div role="alert" className={cn(!message && 'sr-only')}>
        {message && (
          <p id={errorId} className="text-sm font-medium text-red-700">
            {message}
          </p>
        )}
      </div>
      {showHint && (
        <p id={hintId} className="text-xs text-ink-muted">
          {DIARY_ONCE_A_DAY_HINT}
        </p>
      )}
      {note && (
        <p id={noteId} className="text-sm text-ink-soft">
          {note}
        </p>
      )}
      {!disabled && (
        <WritingPrompt
          onUse={(prompt) => {
            onChange(withPromptFirst(prompt, value));
            // The user writes next: the textarea takes focus (the new text puts the caret last).
            document.getElementById(id)?.focus();
          }}
        />
      )}
    </div>
  );
}
