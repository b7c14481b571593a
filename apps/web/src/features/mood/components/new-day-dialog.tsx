import type { Mood } from '@wellspring/shared';
import { Sunrise } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DialogBody,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogBodyProps,
} from '@/components/ui/dialog';
import { useUser } from '@/lib/auth';
import { useUpdateMood } from '../api/update-mood';
import { MoodPicker } from '@/components/ui/mood-picker';

/**
 * newDay: the first visit of a day asks for today's mood. Done needs a mood other than Unknown; it
 * saves the mood and hasSetMoodToday and closes. It stays open on a click outside.
 */
export function NewDayDialog({ close }: DialogBodyProps<'newDay'>) {
  const { data: user } = useUser();
  const { changeMood } = useUpdateMood();
  const [mood, setMood] = useState<Mood>('Unknown');

  const onDone = () => {
    if (mood === 'Unknown') return;
    changeMood({ mood, hasSetMoodToday: true });
    close();
  };

  return (
    <>
      <DialogHeader>
        <span className="mb-3 flex size-12 items-center justify-center rounded-2xl bg-[#FDF0E3] text-[#A4500F]">
          <Sunrise className="size-6" aria-hidden />
        </span>
        <DialogTitle>A new day, a fresh start</DialogTitle>
        <p className="mt-1.5 text-[15px] leading-relaxed text-ink-soft">
          {user ? `Good to see you, ${user.name}. ` : ''}How are you feeling today?
        </p>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-3">
        <MoodPicker value={mood} onChange={setMood} label="Today's mood" allowDeselect />
        <p className="text-xs text-ink-muted">You can change your mood anytime.</p>
      </DialogBody>
      <DialogFooter>
        <Button onClick={onDone} disabled={mood === 'Unknown'} className="sm:min-w-28">
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
