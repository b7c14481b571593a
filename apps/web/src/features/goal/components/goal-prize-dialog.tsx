import { TIER_LABELS } from '@wellspring/shared';
import { Sparkles } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
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
/** The longest the reveal waits for the image: a slow or broken one never holds the dialog. */
export const REWARD_IMAGE_WAIT_MS = 3_000;

/**
 * True once the image is decoded (or failed, or took too long), so that the reveal shows the
 * artwork itself rather than an empty frame it would fade into.
 */
function useIsImageReady(image: RefObject<HTMLImageElement | null>, url: string): boolean {
  const [readyURL, setReadyURL] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    const markReady = () => {
      if (isCurrent) setReadyURL(url);
    };
    const timer = setTimeout(markReady, REWARD_IMAGE_WAIT_MS);
    const element = image.current;
    const decoding =
      element && typeof element.decode === 'function' ? element.decode() : Promise.resolve();
    decoding.then(markReady, markReady);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [image, url]);
  return readyURL === url;
}

/** goalPrize: reveals the background the completed goal won. */
export function GoalPrizeDialog({ contextData, close }: DialogBodyProps<'goalPrize'>) {
  const { background } = contextData;
  const imageRef = useRef<HTMLImageElement>(null);
  const [isDelayOver, setIsDelayOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsDelayOver(true), REWARD_REVEAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const isImageReady = useIsImageReady(imageRef, background.URL);
  const isRevealed = isDelayOver && isImageReady;
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
          {!isRevealed && (
            <>
              <Skeleton className="absolute inset-0 rounded-none" />
              <span role="status" className="sr-only">
                Unwrapping your background…
              </span>
            </>
          )}
          <img
            ref={imageRef}
            src={background.URL}
            alt={`The background ${background.name}`}
            className={cn(
              'aspect-video w-full object-cover transition duration-500 ease-out',
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
