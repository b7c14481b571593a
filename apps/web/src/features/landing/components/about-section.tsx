import { MOODS } from '@wellspring/shared';
import { BookHeart, Gift, Smile } from 'lucide-react';
import { MoodBadge } from '@/components/ui/mood-badge';

const VALUES = [
  {
    title: 'Check in with your mood',
    text: 'Pick one of five moods each day. The tasks you are offered follow how you really feel.',
    Icon: Smile,
  },
  {
    title: 'Keep a private diary',
    text: 'Write one entry a day, keep your streak going and look back on how far you have come.',
    Icon: BookHeart,
  },
  {
    title: 'Unlock calm rewards',
    text: 'Reach a goal and claim an original background to make your dashboard your own.',
    Icon: Gift,
  },
] as const;

export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-20 bg-card">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:gap-16">
          <div className="flex flex-col gap-4">
            <p className="text-sm font-semibold tracking-wider text-brand-violet uppercase">
              About Us
            </p>
            <h2 id="about-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              A companion for the everyday ups and downs
            </h2>
            <p className="text-lg leading-relaxed text-ink-soft">
              We built Wellspring for people who want to look after their mental wellbeing without
              pressure. No feeds to scroll and no one watching: just a quiet place to check in,
              reflect and do one kind thing for yourself today.
            </p>
            <div className="mt-2 rounded-2xl border border-line bg-canvas p-5">
              <p className="mb-3 text-sm font-medium text-ink-soft">Five moods, one tap a day</p>
              <ul className="flex flex-wrap gap-2">
                {MOODS.map((mood) => (
                  <li key={mood}>
                    <MoodBadge mood={mood} size="md" />
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <ul className="grid gap-4">
            {VALUES.map(({ title, text, Icon }) => (
              <li
                key={title}
                className="flex items-start gap-4 rounded-2xl border border-line bg-card p-5 shadow-card md:items-center lg:p-6"
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-gradient text-white shadow-button">
                  <Icon className="size-6" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold text-ink">{title}</h3>
                  <p className="mt-1 text-[15px] leading-relaxed text-ink-soft">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
