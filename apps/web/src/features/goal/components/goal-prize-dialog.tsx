import { TIER_LABELS } from '@wellspring/shared';
import { Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import {
  DialogBody,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogBodyProps,
} from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** SPEC.md section 9: the won background is revealed 100 ms after the dialog opens. */
export const REWARD_REVEAL_DELAY_MS = 100;

/** goalPrize: reveals the background the completed goal won. */
export function GoalPrizeDialog({ contextData, close }: DialogBodyProps<'goalPrize'>) {
  const { background } = contextData;
  const [isRevealed, setIsRevealed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsRevealed(true), REWARD_REVEAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const tier = TIER_LABELS[background.tier];

  return (
    <>
      <DialogHeader>
        <p className="mb-1 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-violet">
          <Sparkles className="size-4" aria-hidden />
          Reward claimed
        </p>
        <DialogTitle>You won a new background!</DialogTitle>
      </DialogHeader>
      <DialogBody>
        <div className="relative overflow-hidden rounded-2xl bg-surface">
          <img
            src={background.url}
            alt={`The background ${background.name}`}
            className={cn(
              'aspect-video w-full object-cover transition duration-700 ease-out',
              isRevealed ? 'scale-100 opacity-100 blur-0' : 'scale-105 opacity-0 blur-md',
            )}
            data-revealed={isRevealed}
          />
        </div>
        <div className="mt-4 flex items-center justify-between gap-3">
          <p className="text-lg font-semibold text-ink">{background.name}</p>
          <span className="rounded-full bg-surface px-3 py-1 text-xs font-semibold text-brand-violet">
            {tier.roman} · {tier.name}
          </span>
        </div>
        <p className="mt-2 text-[15px] text-ink-soft">
          It is yours now: choose it in your collection to make your dashboard feel new.
        </p>
      </DialogBody>
      <DialogFooter>
        <button type="button" onClick={close} className={buttonClasses({ variant: 'secondary' })}>
          Close
        </button>
        <Link to={paths.app.collections} onClick={close} className={buttonClasses()}>
          View Collection
        </Link>
      </DialogFooter>
    </>
  );
}
