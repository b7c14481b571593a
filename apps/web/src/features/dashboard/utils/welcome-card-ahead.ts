/*
 * The dashboard's welcome card painted by the signed-in frame before the app has run (decision
 * 052): the card is the dashboard's largest paint, and the app's entry takes seconds to evaluate
 * on a slow phone. The build renders WelcomeCard itself into app-shell.html, in a template; with
 * the early answer of GET /user, src/app-boot.ts puts a copy at the top of the frame's page
 * column and fills in what depends on the user and the hour, through the card's
 * `data-welcome-part` marks. Same markup, same classes, same place: the app's card then takes the
 * very box this one had.
 */
import { isChosenMood, MOOD_COLORS, type User } from '@wellspring/shared';
import { formatClockTime, formatLongLocalDate, getTodayIn } from '@/lib/format';

/** The template in app-shell.html that holds the rendered-ahead card. */
export const WELCOME_TEMPLATE_SELECTOR = 'template[data-frame-welcome]';
/** The frame's page column (components/layouts/app-shell-skeleton.tsx). */
export const FRAME_PAGE_SELECTOR = '[data-app-shell] [data-frame-page]';

/** What of the user the card shows. */
export type WelcomeCardUser = Pick<User, 'selectedBackgroundURL' | 'mood' | 'timeZone'>;

/**
 * A user for the build to render the template with: every part present (the background, the
 * mood), for the frame's script to fill in or take out.
 */
export const WELCOME_TEMPLATE_USER: WelcomeCardUser = {
  selectedBackgroundURL: '/backgrounds/first-light.svg',
  mood: 'Happy',
  timeZone: 'UTC',
};

/**
 * Puts the welcome card, filled in for `user` at `now`, in the frame's page column (in place of its
 * grey cards) and answers its background image (loading); null when there is nothing to paint: no background
 * chosen, no template or no frame (the app has rendered already).
 */
export function paintWelcomeCardAhead(
  user: Partial<WelcomeCardUser>,
  /** The picture's Element Timing name, for the caller to learn when it has been painted. */
  timingName: string,
  now: Date = new Date(),
  doc: Document = document,
): HTMLImageElement | null {
  const template = doc.querySelector<HTMLTemplateElement>(WELCOME_TEMPLATE_SELECTOR);
  const column = doc.querySelector(FRAME_PAGE_SELECTOR);
  const url = user.selectedBackgroundURL;
  if (!template || !column || !url) return null;
  const rendered = template.content.querySelector('section');
  // Imported, not cloned: a clone would belong to the template's inert document.
  const card = rendered && doc.importNode(rendered, true);
  if (!(card instanceof HTMLElement)) return null;
  const part = (name: string) => card.querySelector<HTMLElement>(`[data-welcome-part="${name}"]`);

  const image = part('background');
  if (!(image instanceof HTMLImageElement)) return null;

  const mood = user.mood;
  if (mood && isChosenMood(mood)) {
    part('mood-color')?.style.setProperty('background-color', MOOD_COLORS[mood]);
    const text = part('mood-text');
    if (text) text.textContent = `Feeling ${mood}`;
  } else {
    part('mood')?.remove();
  }

  const timeZone = user.timeZone ?? undefined;
  const time = part('time');
  if (time) {
    time.textContent = formatClockTime(now, timeZone);
    time.setAttribute('datetime', now.toISOString());
  }
  const date = part('date');
  if (date) date.textContent = formatLongLocalDate(getTodayIn(timeZone, now));

  // The grey cards go rather than move down (a shift); the app renders the page's own cards.
  column.replaceChildren(card);
  image.setAttribute('elementtiming', timingName);
  image.fetchPriority = 'high';
  image.src = url;
  return image;
}
