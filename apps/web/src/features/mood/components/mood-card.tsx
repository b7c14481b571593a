import { useId } from 'react';
import { useUser } from '@/lib/auth';
import { PENDING_WRITE_TEXT } from '@/lib/offline-text';
import { usePendingWrites } from '@/lib/offline-writes';
import { useUpdateMood } from '../api/update-mood';
import { MoodPicker } from '@/components/ui/mood-picker';

/** The dashboard's mood picker: today's mood, changed optimistically at any time. */
export function MoodCard({ className }: { className?: string }) {
  const { data: user } = useUser();
  const { changeMood } = useUpdateMood();
  const titleId = useId();
  const mood = user?.mood ?? 'Unknown';
  const isPending = usePendingWrites().waiting.some((write) => write.kind === 'mood');

  return (
    <section
      aria-labelledby={titleId}
      className={`flex flex-col gap-4 rounded-2xl bg-card p-5 shadow-card sm:p-6 ${className ?? ''}`}
    >
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          Today's Mood
        </h2>
        <p className="text-sm text-ink-soft">
          {mood === 'Unknown'
            ? 'How are you feeling right now?'
            : `You're feeling ${mood} today. Tasks are picked to suit it.`}
        </p>
      </div>
      <MoodPicker
        value={mood}
        label="Today's mood"
        disabled={!user}
        onChange={(next) => {
          if (next !== 'Unknown' && next !== mood) changeMood({ mood: next });
        }}
      />
      {isPending ? (
        <p className="text-xs font-medium text-ink-soft" data-testid="mood-pending">
          {PENDING_WRITE_TEXT}
        </p>
      ) : (
        <p className="text-xs text-ink-muted">You can change your mood anytime.</p>
      )}
    </section>
  );
}
