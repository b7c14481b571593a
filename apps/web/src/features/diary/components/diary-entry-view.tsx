import type { DiaryEntry } from '@wellspring/shared';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { formatLongLocalDate } from '@/lib/format';
import { DiaryMood } from './diary-mood';

/** A chosen entry, read-only, with its day's mood. */
export function DiaryEntryView({ diary, onClose }: { diary: DiaryEntry; onClose: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [diary.id]);
  return (
    <article className="flex flex-col gap-4" aria-labelledby={`diary-${diary.id}`}>
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-ink-muted">Diary entry</p>
        <h2
          id={`diary-${diary.id}`}
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-ink outline-none"
        >
          {formatLongLocalDate(diary.date)}
        </h2>
        <DiaryMood mood={diary.mood} className="mt-1" />
      </div>
      <p className="min-h-32 rounded-xl bg-surface px-4 py-3.5 text-[15px] leading-relaxed [overflow-wrap:anywhere] whitespace-pre-line text-ink">
        {diary.content}
      </p>
      <div>
        <Button variant="secondary" onClick={onClose}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to today
        </Button>
      </div>
    </article>
  );
}
