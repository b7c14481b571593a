import { Lightbulb, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { WRITING_PROMPTS } from '../content/prompts';

/** Puts a prompt as the first line of the text, above what was typed (never replacing it). */
export function withPromptFirst(prompt: string, text: string): string {
  return text.trim() ? `${prompt}\n${text}` : `${prompt}\n`;
}

/**
 * "Need a prompt?" under the diary's textarea: shows one short, kind question, another on request,
 * and, only when asked, puts it into the text as a first line (decision 037). The question is
 * said in a polite live region that is there from the start (decision 025).
 */
export function WritingPrompt({
  onUse,
  prompts = WRITING_PROMPTS,
}: {
  onUse: (prompt: string) => void;
  prompts?: readonly string[];
}) {
  const id = useId();
  const [index, setIndex] = useState<number | null>(null);
  const prompt = index === null ? null : prompts[index];

  const toggle = () =>
    setIndex((current) => (current === null ? Math.floor(Math.random() * prompts.length) : null));
  // The next one in the list: never the same question twice in a row.
  const another = () => setIndex((current) => ((current ?? 0) + 1) % prompts.length);

  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        aria-expanded={prompt !== null}
        aria-controls={id}
        onClick={toggle}
        className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-brand-violet hover:underline"
      >
        <Lightbulb className="size-4" aria-hidden />
        Need a prompt?
      </button>
      <div id={id} className="w-full">
        <p aria-live="polite" className={prompt ? 'text-[15px] text-ink' : 'sr-only'}>
          {prompt && (
            <>
              <span className="sr-only">Prompt: </span>
              {prompt}
            </>
          )}
        </p>
        {prompt && (
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={another}>
              <RefreshCw className="size-4" aria-hidden />
              Another prompt
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onUse(prompt)}>
              Use this prompt
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
