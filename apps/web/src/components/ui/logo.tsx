import { useId } from 'react';
import { cn } from '@/lib/cn';

/** The Wellspring mark: a drop rising from a spring, on the brand gradient. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 40 40" className={cn('size-9', className)} aria-hidden focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0.35" y1="0" x2="0.65" y2="1">
          <stop offset="0" stopColor="#5B4BDB" />
          <stop offset="0.55" stopColor="#9B51E0" />
          <stop offset="1" stopColor="#F2994A" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="12" fill={`url(#${gradientId})`} />
      <path
        d="M20 8c-4.2 5.2-7 9.1-7 12.6a7 7 0 0 0 14 0C27 17.1 24.2 13.2 20 8z"
        fill="#fff"
        opacity="0.95"
      />
      <path
        d="M9 30.5c3.6-2.2 7.3-2.2 11 0s7.4 2.2 11 0"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        opacity="0.9"
      />
    </svg>
  );
}

/** The mark and the name. */
export function Logo({ tone = 'ink', className }: { tone?: 'ink' | 'white'; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span
        className={cn(
          'text-lg font-bold tracking-tight',
          tone === 'white' ? 'text-white' : 'text-ink',
        )}
      >
        Wellspring
      </span>
    </span>
  );
}
