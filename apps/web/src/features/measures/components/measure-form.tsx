import { MEASURES, type MeasureId, type MeasureResult } from '@wellspring/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/error-messages';
import { useRecordMeasure } from '../api/measures';
import { CrisisCard } from './crisis-card';
import { MeasureResultView } from './measure-result';

/** The answers so far, kept for the tab's life so that a reload mid-way loses nothing. */
interface Draft {
  answers: (number | null)[];
  difficulty: number | null;
  step: number;
}

const draftKey = (measure: MeasureId) => `wellspring:measure-draft:${measure}`;

function readDraft(measure: MeasureId): Draft {
  const empty: Draft = {
    answers: MEASURES[measure].items.map(() => null),
    difficulty: null,
    step: 0,
  };
  try {
    const saved = JSON.parse(sessionStorage.getItem(draftKey(measure)) ?? 'null') as Draft | null;
    return saved && saved.answers.length === empty.answers.length ? saved : empty;
  } catch {
    return empty;
  }
}

/** One question: its words as the legend, its options as radios. */
function Question({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  options: readonly { value: number; label: string }[];
  value: number | null;
  onChange: (value: number) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-[15px] font-medium text-ink">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-[15px]',
            value === option.value
              ? 'border-brand-violet bg-violet-50 text-ink'
              : 'border-line text-ink-soft hover:border-brand-violet/40',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="size-4 accent-brand-violet"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Taking a questionnaire (decision 083): its published instruction and questions, one a screen on
 * the phone and all on one page from 640 px, with the keyboard alone (radios by arrow keys). A
 * PHQ-9 whose ninth answer is not "Not at all" shows the crisis card before the score.
 */
export function MeasureForm({ measure }: { measure: MeasureId }) {
  const definition = MEASURES[measure];
  const isWide = useMediaQuery('(min-width: 640px)');
  const [draft, setDraft] = useState<Draft>(() => readDraft(measure));
  const [result, setResult] = useState<MeasureResult | null>(null);
  const [showScore, setShowScore] = useState(false);
  const [missing, setMissing] = useState(false);
  const record = useRecordMeasure(measure);
  const questionTop = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (result !== null) return;
    try {
      sessionStorage.setItem(draftKey(measure), JSON.stringify(draft));
    } catch {
      // Storage refused (a private window, a full quota): the answers stay on the screen.
    }
  }, [draft, measure, result]);

  const hasProblems = draft.answers.some((a) => a !== null && a > 0);
  const asksDifficulty = definition.difficulty !== null && hasProblems;
  // The phone's screens: each question, then the difficulty question when it is asked.
  const screens = definition.items.length + (asksDifficulty ? 1 : 0);
  const step = Math.min(draft.step, screens - 1);
  const isComplete = draft.answers.every((a) => a !== null);

  const answer = (i: number, value: number) =>
    setDraft((d) => ({ ...d, answers: d.answers.map((a, k) => (k === i ? value : a)) }));
  const goTo = (next: number) => {
    setDraft((d) => ({ ...d, step: next }));
    questionTop.current?.focus();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!isComplete) {
      setMissing(true);
      return;
    }
    record.mutate(
      {
        answers: draft.answers as number[],
        ...(definition.difficulty !== null
          ? { difficulty: asksDifficulty ? draft.difficulty : null }
          : {}),
      },
      {
        onSuccess: (saved) => {
          try {
            sessionStorage.removeItem(draftKey(measure));
          } catch {
            // As above: nothing was kept.
          }
          setResult(saved);
          setShowScore(!saved.flagsSelfHarm);
        },
      },
    );
  };

  if (result !== null) {
    return showScore ? (
      <MeasureResultView result={result} />
    ) : (
      <CrisisCard onContinue={() => setShowScore(true)} />
    );
  }

  const questions = definition.items.map((item, i) => (
    <Question
      key={item}
      name={`${measure}-${i}`}
      legend={`${i + 1}. ${item}`}
      options={definition.options}
      value={draft.answers[i] ?? null}
      onChange={(value) => answer(i, value)}
    />
  ));
  const difficulty = definition.difficulty && asksDifficulty && (
    <Question
      name={`${measure}-difficulty`}
      legend={definition.difficulty.question}
      options={definition.difficulty.options.map((label, value) => ({ value, label }))}
      value={draft.difficulty}
      onChange={(value) => setDraft((d) => ({ ...d, difficulty: value }))}
    />
  );

  const failure = record.isError && (
    <p
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      Your answers could not be saved: {describeError(record.error)} They are still here.
    </p>
  );
  const unanswered = missing && !isComplete && (
    <p role="alert" className="text-sm text-red-700">
      Please answer question {draft.answers.findIndex((a) => a === null) + 1} first.
    </p>
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <p className="text-[15px] leading-relaxed text-ink">{definition.instruction}</p>
      {isWide ? (
        <>
          {questions}
          {difficulty}
          {unanswered}
          {failure}
          <div>
            <Button type="submit" isLoading={record.isPending}>
              See my result
            </Button>
          </div>
        </>
      ) : (
        <>
          <div ref={questionTop} tabIndex={-1} className="outline-none">
            <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
              Question {step + 1} of {screens}
            </p>
            {step < definition.items.length ? questions[step] : difficulty}
          </div>
          {unanswered}
          {failure}
          <div className="flex gap-3">
            {step > 0 && (
              <Button type="button" variant="secondary" onClick={() => goTo(step - 1)}>
                Back
              </Button>
            )}
            {/* Keyed apart: Enter on Next must not land on the submit button that replaces it. */}
            {step < screens - 1 ? (
              <Button
                key="next"
                type="button"
                disabled={step < definition.items.length && draft.answers[step] === null}
                onClick={() => goTo(step + 1)}
              >
                Next
              </Button>
            ) : (
              <Button key="submit" type="submit" isLoading={record.isPending}>
                See my result
              </Button>
            )}
          </div>
        </>
      )}
      <p className="text-xs text-ink-muted">{definition.credit}</p>
    </form>
  );
}
