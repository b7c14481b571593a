import { useId, useState } from 'react';
import { getTabId, Tabs, type TabOption } from '@/components/ui/tabs';
import { useCollection } from '../api/get-backgrounds';
import { useSelectBackground } from '../api/select-background';
import type { CollectionBackground } from '../utils/mark-collection';
import { BackgroundCard, BackgroundCardSkeleton } from './background-card';
import { toast } from '@/components/ui/toast';

export const SELECT_SUCCESS_MESSAGE = 'Successfuly Updated Your Background';
export const SELECT_FAILURE_MESSAGE = 'Something went wrong while trying to update your background';

/** SPEC.md section 9: six placeholders while the collection loads. */
export const SKELETON_COUNT = 6;

type CollectionFilter = 'unlocked' | 'locked' | 'all';
const FILTERS: readonly TabOption<CollectionFilter>[] = [
  { value: 'unlocked', label: 'Unlocked' },
  { value: 'locked', label: 'Locked' },
  { value: 'all', label: 'All' },
];

function applyFilter(
  backgrounds: CollectionBackground[],
  filter: CollectionFilter,
): CollectionBackground[] {
  if (filter === 'unlocked') return backgrounds.filter((b) => b.owned);
  if (filter === 'locked') return backgrounds.filter((b) => !b.owned);
  return backgrounds;
}

/** The Collections page: owned out of total, the filter tabs and the grid. */
export function Collection() {
  const panelId = useId();
  const [filter, setFilter] = useState<CollectionFilter>('all');
  const collection = useCollection();
  const select = useSelectBackground();
  const backgrounds = collection.data ?? [];
  const ownedCount = backgrounds.filter((b) => b.owned).length;
  const shown = applyFilter(backgrounds, filter);

  const onSelect = (background: CollectionBackground) => {
    // Locked or already selected backgrounds are not buttons; this guards the rule anyway.
    if (!background.owned || background.selected || select.isPending) return;
    select.mutate(background, {
      onSuccess: () => toast.success(SELECT_SUCCESS_MESSAGE),
      onError: () => toast.error(SELECT_FAILURE_MESSAGE),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">My Collection</h1>
          {collection.data && (
            <span
              className="rounded-full bg-brand-fill px-3 py-1 text-sm font-bold text-white tabular-nums"
              data-testid="collection-count"
            >
              {ownedCount} / {backgrounds.length}
              <span className="sr-only"> backgrounds owned</span>
            </span>
          )}
        </div>
        <Tabs
          label="Filter backgrounds"
          options={FILTERS}
          value={filter}
          onChange={setFilter}
          panelId={panelId}
        />
      </div>
      <p className="max-w-2xl text-[15px] leading-relaxed text-ink-soft">
        The backgrounds you unlock appear here. Complete goals to unlock new ones: each goal's
        difficulty decides the tier of the background it wins.
      </p>
      <div id={panelId} role="tabpanel" aria-labelledby={getTabId(panelId, filter)}>
        {collection.isPending ? (
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
            <span className="sr-only" role="status">
              Loading your collection
            </span>
            {Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <BackgroundCardSkeleton key={i} />
            ))}
          </div>
        ) : collection.isError ? (
          <p className="rounded-2xl bg-card p-6 text-[15px] text-ink-soft shadow-card">
            Your collection could not be loaded. Please try again later.
          </p>
        ) : shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line bg-card p-8 text-center text-[15px] text-ink-muted">
            {filter === 'locked'
              ? 'You have unlocked every background. Wonderful!'
              : 'Nothing here yet: complete a goal to unlock your first background.'}
          </p>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="collection-grid">
            {shown.map((background) => (
              <li key={background.id} className="flex">
                <BackgroundCard
                  background={background}
                  onSelect={onSelect}
                  isSelecting={select.isPending && select.variables?.id === background.id}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
