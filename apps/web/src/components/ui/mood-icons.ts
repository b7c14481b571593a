import type { ChosenMood } from '@wellspring/shared';
import { CloudDrizzle, Frown, Laugh, Meh, Smile, type LucideIcon } from 'lucide-react';

/** A face for each mood, beside its colour and its name (never colour alone). */
export const MOOD_ICONS: Record<ChosenMood, LucideIcon> = {
  Ecstatic: Laugh,
  Happy: Smile,
  Neutral: Meh,
  Sad: Frown,
  Depressed: CloudDrizzle,
};
