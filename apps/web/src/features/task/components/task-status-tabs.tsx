import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** The On Going and Completed tabs of narrower layouts: each is a column's own route. */
export function TaskStatusTabs({
  ongoingTo,
  completedTo,
  isOngoingActive,
  isCompletedActive,
}: {
  ongoingTo: string;
  completedTo: string;
  isOngoingActive: boolean;
  isCompletedActive: boolean;
}) {
  const tabs = [
    { to: ongoingTo, label: 'On Going', isActive: isOngoingActive },
    { to: completedTo, label: 'Completed', isActive: isCompletedActive },
  ];
  return (
    <nav aria-label="Task columns">
      <ul className="grid grid-cols-2 gap-1 rounded-xl bg-surface p-1">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <Link
              to={tab.to}
              replace
              aria-current={tab.isActive ? 'page' : undefined}
              className={cn(
                'flex h-10 items-center justify-center rounded-lg text-sm font-semibold transition',
                tab.isActive
                  ? 'bg-card text-brand-violet shadow-sm'
                  : 'text-ink-soft hover:text-brand-violet',
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
