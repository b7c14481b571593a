import { useState } from 'react';
import { cn } from '@/lib/cn';
import { getInitials } from '@/lib/format';

interface AvatarProps {
  name: string | null | undefined;
  pictureURL: string | null | undefined;
  size?: 'md' | 'lg';
  className?: string;
}

/** The user's picture, or their initials when there is none or it fails to load. */
export function Avatar({ name, pictureURL, size = 'md', className }: AvatarProps) {
  const [failedURL, setFailedURL] = useState<string | null>(null);
  const showPicture = Boolean(pictureURL) && failedURL !== pictureURL;
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-button font-semibold text-white ring-2 ring-white',
        size === 'lg' ? 'size-16 text-lg' : 'size-10 text-sm',
        className,
      )}
      aria-hidden
    >
      {showPicture ? (
        <img
          src={pictureURL!}
          alt=""
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailedURL(pictureURL!)}
        />
      ) : (
        getInitials(name)
      )}
    </span>
  );
}
