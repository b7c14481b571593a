import { getPageCount, getPageFooterText } from '@wellspring/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';

const arrowClasses =
  'flex size-9 items-center justify-center rounded-lg border border-line bg-card text-ink-soft shadow-xs transition hover:border-brand-violet/40 hover:text-brand-violet';

/**
 * 'Showing X - Y of N tasks' (or 'No tasks to be shown'), with the previous and next arrows
 * only when that page exists (SPEC.md section 2).
 */
export function TaskPager({
  page,
  size,
  total,
  onPageChange,
  className,
}: {
  page: number;
  size: number;
  total: number;
  onPageChange: (page: number) => void;
  className?: string;
}) {
  const pageCount = getPageCount(total, size);
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;
  return (
    <div className={cn('flex min-h-9 items-center justify-between gap-3', className)}>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {getPageFooterText(page, size, total)}
      </p>
      <div className="flex items-center gap-2">
        {hasPrevious && (
          <button
            type="button"
            className={arrowClasses}
            onClick={() => onPageChange(page - 1)}
            aria-label="Previous page"
          >
            <ChevronLeft className="size-5" aria-hidden />
          </button>
        )}
        {hasNext && (
          <button
            type="button"
            className={arrowClasses}
            onClick={() => onPageChange(page + 1)}
            aria-label="Next page"
          >
            <ChevronRight className="size-5" aria-hidden />
          </button>
        )}
      </div>
    </div>
  );
}
