import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShellSkeleton } from '@/components/layouts/app-shell-skeleton';
import { buildUser } from '@/test/test-utils';
import { WelcomeCard } from '../components/welcome-card';
import { paintWelcomeCardAhead, WELCOME_TEMPLATE_USER } from './welcome-card-ahead';

const NOW = new Date('2024-05-14T22:24:36Z');

/** The frame as app-shell.html has it (build/prerender.ts): the grey frame, then the template. */
function mountFrame() {
  const frame = document.createElement('div');
  frame.innerHTML = `${renderToString(<AppShellSkeleton />)}<template data-frame-welcome>${renderToString(
    <WelcomeCard user={buildUser(WELCOME_TEMPLATE_USER)} />,
  )}</template>`;
  document.body.append(frame);
  return frame;
}

/** Every element's tag and classes, in document order: what decides the card's box. */
function shape(element: Element): string[] {
  return [element, ...element.querySelectorAll('*')].map(
    (node) => `${node.tagName} ${node.getAttribute('class') ?? ''}`,
  );
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('the welcome card painted by the signed-in frame (decision 052)', () => {
  it("takes the grey cards' place with the user's picture, mood, time and date", () => {
    const frame = mountFrame();
    const image = paintWelcomeCardAhead(
      { selectedBackgroundURL: '/backgrounds/quiet-peaks.svg', mood: 'Sad', timeZone: 'UTC' },
      'the-timing-name',
      NOW,
    );
    const column = frame.querySelector('[data-frame-page]')!;
    const card = column.querySelector('section[aria-labelledby="welcome-title"]')!;
    expect(column.children).toHaveLength(1);
    expect(column.firstElementChild).toBe(card);
    expect(image).toBe(card.querySelector('img'));
    expect(image).toHaveAttribute('src', '/backgrounds/quiet-peaks.svg');
    expect(image).toHaveAttribute('elementtiming', 'the-timing-name');
    expect(card).toHaveTextContent('Feeling Sad');
    expect(card).toHaveTextContent('Hi There! Welcome Back');
    expect(card.querySelector('time')).toHaveTextContent('10:24:36 PM');
    expect(card.querySelector('time')).toHaveAttribute('datetime', NOW.toISOString());
    expect(card).toHaveTextContent('May 14, 2024');
    // Still the template's own content: the frame paints a copy.
    expect(frame.querySelector('template')!.content.querySelector('section')).not.toBeNull();
  });

  it("has the very markup and classes of the app's card for the same user (no shift)", () => {
    const user = buildUser({
      selectedBackgroundURL: '/backgrounds/quiet-peaks.svg',
      mood: 'Sad',
      timeZone: 'UTC',
    });
    vi.useFakeTimers({ now: NOW });
    const frame = mountFrame();
    paintWelcomeCardAhead(user, 'name', NOW);
    const ahead = frame.querySelector('[data-frame-page] section')!;
    const { container } = render(<WelcomeCard user={user} />);
    const app = container.querySelector('section')!;
    expect(shape(ahead)).toEqual(shape(app));
    expect(ahead.textContent).toBe(app.textContent);
  });

  it('leaves the mood out when none is chosen, as the app does', () => {
    const user = {
      selectedBackgroundURL: '/backgrounds/quiet-peaks.svg',
      mood: 'Unknown' as const,
      timeZone: 'UTC',
    };
    const frame = mountFrame();
    paintWelcomeCardAhead(user, 'name', NOW);
    const ahead = frame.querySelector('[data-frame-page] section')!;
    const { container } = render(<WelcomeCard user={buildUser(user)} />);
    expect(ahead).not.toHaveTextContent('Feeling');
    expect(shape(ahead)).toEqual(shape(container.querySelector('section')!));
  });

  it('paints nothing without a chosen background, without the template or without the frame', () => {
    const frame = mountFrame();
    const before = frame.innerHTML;
    expect(paintWelcomeCardAhead({ selectedBackgroundURL: null }, 'name', NOW)).toBeNull();
    expect(frame.innerHTML).toBe(before);
    frame.querySelector('template')!.remove();
    expect(
      paintWelcomeCardAhead({ selectedBackgroundURL: '/backgrounds/a.svg' }, 'name', NOW),
    ).toBeNull();
    document.body.replaceChildren();
    expect(
      paintWelcomeCardAhead({ selectedBackgroundURL: '/backgrounds/a.svg' }, 'name', NOW),
    ).toBeNull();
  });
});
