import { TIER_LABELS } from '@wellspring/shared';
import { Check, Lock } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { CollectionBackground } from '../utils/mark-collection';
import { getUnlockText } from '../utils/unlock-text';

/**
 * One background: in colour when owned, greyscale with its lock text when not, with a badge
 * when selected. Only an owned, unselected one is a button (SPEC.md section 4, Background).
 */
export function BackgroundCard({
  background,
  onSelect,
  isSelecting = false,
}: {
  background: CollectionBackground;
  onSelect: (background: CollectionBackground) => void;
  isSelecting?: boolean;
}) {
  const { owned, selected } = background;
  const tier = TIER_LABELS[background.tier];
  const isSelectable = owned && !selected;

  const content = (
    <>
      <div className="relative aspect-[16/10] overflow-hidden bg-surface">
        <img
          src={background.URL}
          alt=""
          loading="lazy"
          className={cn(
            'size-full object-cover transition duration-300',
            owned ? 'group-hover:scale-[1.03]' : 'opacity-70 grayscale',
            'motion-reduce:group-hover:scale-100',
          )}
        />
        {selected && (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-card px-2.5 py-1 text-xs font-bold text-brand-violet shadow-sm">
            <Check className="size-3.5" aria-hidden />
            Selected
          </span>
        )}
        {!owned && (
          <span className="absolute inset-0 flex items-center justify-center">
            <span className="flex size-11 items-center justify-center rounded-full bg-ink/70 text-white backdrop-blur-sm">
              <Lock className="size-5" aria-hidden />
            </span>
          </span>
        )}
        {isSelecting && (
          <span className="absolute inset-0 flex items-center justify-center bg-card/60">
            <Spinner label="Selecting" tone="brand" />
          </span>
        )}
      </div>
      <div className="flex flex-col gap-1 p-4">
        <div className="flex items-center justify-between gap-2">
          <span className="font-semibold text-ink">{background.name}</span>
          <span className="shrink-0 rounded-full bg-surface px-2 py-0.5 text-xs font-semibold text-brand-violet">
            {tier.roman}
          </span>
        </div>
        <span className="text-sm text-ink-muted">
          {owned
            ? selected
              ? 'Your dashboard background'
              : 'Owned · select it for your dashboard'
            : getUnlockText(background.tier)}
        </span>
      </div>
    </>
  );

  const classes = cn(
    'group flex w-full flex-col overflow-hidden rounded-2xl border bg-card text-left shadow-card transition',
    selected ? 'border-brand-violet ring-2 ring-brand-violet/30' : 'border-line',
    isSelectable && 'hover:-translate-y-0.5 hover:shadow-lifted motion-reduce:hover:translate-y-0',
  );

  if (isSelectable) {
    return (
      <button
        type="button"
        className={classes}
        onClick={() => onSelect(background)}
        disabled={isSelecting}
        aria-label={`Select ${background.name}`}
        data-testid="background-card"
        data-state="owned"
      >
        {content}
      </button>
    );
  }
  return (
    <article
      className={classes}
      aria-label={`${background.name}, ${selected ? 'selected' : 'locked'}`}
      data-testid="background-card"
      data-state={selected ? 'selected' : 'locked'}
    >
      {content}
    </article>
  );
}

/** A card-shaped placeholder while the collection loads. */
export function BackgroundCardSkeleton() {
  return (
    <div
      className="overflow-hidden rounded-2xl border border-line bg-card"
      data-testid="background-skeleton"
    >
      <Skeleton className="aspect-[16/10] rounded-none" />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    </div>
  );
}
