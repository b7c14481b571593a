import { Camera, Mail, MessagesSquare, Music2, SquarePlay } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

/**
 * SPEC.md: the footer's link groups have no destinations yet, so they are plain text; the Terms
 * of Use and the Privacy Policy, which sign-up asks to accept, are pages of their own.
 */
const GROUPS: { title: string; items: { label: string; to?: string }[] }[] = [
  {
    title: 'Product',
    items: [{ label: 'Features' }, { label: 'How It Works' }, { label: 'Rewards' }],
  },
  {
    title: 'Get Help',
    items: [{ label: 'Help Center' }, { label: 'Contact' }, { label: 'Accessibility' }],
  },
  {
    title: 'Details',
    items: [
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Terms of Use', to: paths.terms },
      { label: 'Cookies' },
    ],
  },
];

const SOCIALS = [
  { label: 'Instagram', Icon: Camera },
  { label: 'YouTube', Icon: SquarePlay },
  { label: 'TikTok', Icon: Music2 },
  { label: 'Community forum', Icon: MessagesSquare },
  { label: 'Newsletter', Icon: Mail },
] as const;

export function LandingFooter() {
  return (
    <footer className="border-t border-line bg-card">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.4fr_repeat(3,1fr)] lg:gap-8">
        <div className="flex flex-col gap-4">
          <Logo />
          <p className="max-w-xs text-sm leading-relaxed text-ink-muted">
            A gentle companion for your mood, your diary and small acts of self-care.
          </p>
          <div>
            <h2 className="mb-3 text-sm font-semibold text-ink">Socials</h2>
            <ul className="flex gap-2">
              {SOCIALS.map(({ label, Icon }) => (
                <li key={label}>
                  <span
                    role="img"
                    aria-label={label}
                    className="flex size-10 items-center justify-center rounded-full bg-surface text-brand-violet"
                  >
                    <Icon className="size-[18px]" aria-hidden />
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:contents">
          {GROUPS.map((group) => (
            <div key={group.title}>
              <h2 className="mb-3 text-sm font-semibold text-ink">{group.title}</h2>
              <ul className="flex flex-col gap-2.5">
                {group.items.map((item) => (
                  <li key={item.label} className="text-sm text-ink-muted">
                    {item.to ? (
                      <Link
                        to={item.to}
                        className="text-ink-soft underline-offset-2 hover:underline"
                      >
                        {item.label}
                      </Link>
                    ) : (
                      item.label
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-ink-muted sm:px-6">
          © 2024 Wellspring
        </p>
      </div>
    </footer>
  );
}
