import type { DiaryEntry } from '@wellspring/shared';
import { ArrowLeft, CalendarDays } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { dayViewPath } from '@/config/paths';
import { PENDING_DIARY_ID_PREFIX } from '@/lib/offline-text';
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
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onClose}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to today
        </Button>
        {/* The day's check-ins, activities and tasks beside this entry (decision 073). */}
        {!diary.id.startsWith(PENDING_DIARY_ID_PREFIX) && (
          <Link to={dayViewPath(diary.date)} className={buttonClasses({ variant: 'ghost' })}>
            <CalendarDays className="size-4" aria-hidden />
            See the day
          </Link>
        )}
      </div>
    </article>
  );
}
