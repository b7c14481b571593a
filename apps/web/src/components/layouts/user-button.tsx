import type { User } from '@wellspring/shared';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';

/** The user's picture and name; opens the profile dialog. */
export function UserButton({
  user,
  onClick,
  isBlock = false,
  className,
}: {
  user: User | undefined;
  onClick: () => void;
  /** A full-width row (the compact menu) instead of a pill. */
  isBlock?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={!user}
      aria-label={user ? `Open profile: ${user.name}` : 'Loading your profile'}
      className={cn(
        'flex min-w-0 items-center gap-3 py-1 pr-4 pl-1 text-left transition hover:bg-surface',
        isBlock ? 'w-full rounded-xl' : 'rounded-full',
        className,
      )}
    >
      <Avatar name={user?.name} pictureURL={user?.pictureURL} />
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold text-ink">
          {user?.name ?? 'Loading…'}
        </span>
      </span>
    </button>
  );
}
