/**
 * INP while scrolling My Diary from top to bottom (issue 35, decision 087), for the five-year
 * person on the throttled phone (INP_PHONE: 390 × 844, the CPU slowed 4 times through CDP's
 * Emulation.setCPUThrottlingRate), in real Chromium through Playwright. Three passes, each from a
 * fresh load of the page: the mouse wheel over the list, PageDown, and End, a step at a time until
 * the end of the list (its scroller at the bottom and no more entries coming) or INP_MAX_STEPS.
 *
 * In the page, a PerformanceObserver takes the Event Timing entries ('event', durationThreshold
 * 16, and 'first-input') and the long animation frames. An interaction's latency is the longest
 * entry of its interactionId; the pass's INP is web-vitals' (the worst, or with n interactions the
 * floor(n / 50)-th next after it: the 98th percentile once there are 50), over the page's
 * performance.interactionCount. A wheel's scroll is no interaction in Event Timing: the wheel pass
 * shows its longest event entry of any kind and its longest animation frame instead.
 *
 * The entries are found by role="article" when the page has them, else as the direct children of
 * the list that holds the diary's cards (buttons with aria-pressed): no more stable handle exists
 * in the page before or after its paged list.
 */
import { chromium, type Page } from '@playwright/test';
import { onCleanup } from '../../scripts/lib/processes.mjs';
import { fmtInt, printTable } from '../lib/load';
import { IN_PAGE, type EventEntry, type ListState, type LongFrame } from './diary-page';
import {
  CHROMIUM,
  DIARY,
  FIVE_YEAR_TARGETS,
  INP_MAX_STEPS,
  INP_PHONE,
  loadLine,
  verdict,
  type Session,
} from './settings';

/** Pixels a wheel step scrolls: five notches of a mouse wheel. */
const WHEEL_DELTA = 500;
/** The pause between steps, as a reader pressing again. */
const STEP_PAUSE_MS = 150;
/** How long the list must stay at its end, no longer growing, to be at its end. */
const SETTLE_MS = 1_500;

export interface InpPass {
  name: string;
  steps: number;
  isAtEnd: boolean;
  interactions: number;
  /** Event Timing entries of 16 ms or more, of any kind (hovers too). */
  slowEntries: number;
  worstEntry: EventEntry | null;
  worstInteractionMs: number | null;
  inpMs: number | null;
  longestFrame: LongFrame | null;
  entriesInDom: number;
  /** How far the list's scroller went, and its height at the end. */
  scrollTop: number;
  scrollHeight: number;
  how: string;
  scroller: string;
}

const stateOf = (page: Page) => page.evaluate('window.__diaryBench.state()') as Promise<ListState>;

/** Latency of each interaction (the longest entry of its id), longest first. */
function interactionLatencies(events: EventEntry[]): number[] {
  const byId = new Map<number, number>();
  for (const e of events) {
    if (e.interactionId > 0)
      byId.set(e.interactionId, Math.max(byId.get(e.interactionId) ?? 0, e.duration));
  }
  return [...byId.values()].sort((a, b) => b - a);
}

/** web-vitals' INP: the worst, leaving out one of the longest for every 50 interactions. */
export function inpOf(latencies: number[], interactionCount: number): number | null {
  if (latencies.length === 0) return null;
  return latencies[Math.min(latencies.length - 1, Math.floor(interactionCount / 50))]!;
}

async function openDiary(page: Page, baseUrl: string) {
  await page.goto(baseUrl + DIARY, { waitUntil: 'networkidle', timeout: 60_000 });
  // A function, not a string: the page's CSP forbids eval, which a string predicate needs.
  await page.waitForFunction(
    () =>
      (window as unknown as { __diaryBench: { state(): unknown } }).__diaryBench.state() !== null,
    null,
    { timeout: 60_000 },
  );
}

/** How long the next entries may take to come once the last ones are in view. */
const MORE_TIMEOUT_MS = 15_000;

/** Whether the list stays as it is for SETTLE_MS: no entries were coming. */
async function isSettled(page: Page, before: ListState) {
  await page.waitForTimeout(SETTLE_MS);
  const after = await stateOf(page);
  return after.isAtBottom && after.scrollHeight === before.scrollHeight;
}

/**
 * Steps until the list's last entry is in view and no more are coming, or INP_MAX_STEPS. At the
 * bottom of a list that says more are to come, it waits for them rather than stepping on.
 */
async function scrollToEnd(page: Page, step: () => Promise<void>) {
  let steps = 0;
  for (; steps < INP_MAX_STEPS; steps += 1) {
    const before = await stateOf(page);
    if (before.isAtBottom && before.isLast !== false && (await isSettled(page, before))) {
      return { steps, isAtEnd: true };
    }
    if (before.isAtBottom && before.isLast === false) {
      await page
        .waitForFunction(
          (height) =>
            (window as unknown as { __diaryBench: { state(): ListState } }).__diaryBench.state()
              .scrollHeight !== height,
          before.scrollHeight,
          { timeout: MORE_TIMEOUT_MS },
        )
        .catch(() => {});
    }
    await step();
    await page.waitForTimeout(STEP_PAUSE_MS);
  }
  const end = await stateOf(page);
  return { steps, isAtEnd: end.isAtBottom && end.isLast !== false };
}

async function measurePass(
  page: Page,
  baseUrl: string,
  name: string,
  prepare: () => Promise<() => Promise<void>>,
): Promise<InpPass> {
  await openDiary(page, baseUrl);
  const step = await prepare();
  await page.evaluate('window.__diaryBench.start()');
  const { steps, isAtEnd } = await scrollToEnd(page, step);
  // Event Timing reports an entry after its frame is painted: give the last ones time.
  await page.waitForTimeout(1_000);
  const events = (await page.evaluate('window.__diaryBench.events()')) as EventEntry[];
  const frames = (await page.evaluate('window.__diaryBench.frames()')) as LongFrame[];
  const interactions = (await page.evaluate('window.__diaryBench.interactionCount()')) as number;
  const end = await stateOf(page);
  const latencies = interactionLatencies(events);
  return {
    name,
    steps,
    isAtEnd,
    interactions,
    slowEntries: events.length,
    worstEntry: events.reduce<EventEntry | null>(
      (a, b) => (!a || b.duration > a.duration ? b : a),
      null,
    ),
    worstInteractionMs: latencies[0] ?? null,
    inpMs: inpOf(latencies, interactions),
    longestFrame: frames.reduce<LongFrame | null>(
      (a, b) => (!a || b.duration > a.duration ? b : a),
      null,
    ),
    entriesInDom: end.entries,
    scrollTop: end.scrollTop,
    scrollHeight: end.scrollHeight,
    how: end.how,
    scroller: end.isPage ? 'the page' : 'a scroll box of its own',
  };
}

export async function measureDiaryInp(
  baseUrl: string,
  session: Session,
): Promise<{ passes: InpPass[]; load: string[] }> {
  console.info(
    `\n== INP scrolling ${DIARY}, ${session.person} (${INP_PHONE.width}×${INP_PHONE.height}, CPU ÷${INP_PHONE.cpuThrottling}, at most ${INP_MAX_STEPS} steps a pass)`,
  );
  const load = [loadLine()];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  onCleanup(() => browser.close());
  try {
    const context = await browser.newContext({
      viewport: { width: INP_PHONE.width, height: INP_PHONE.height },
      deviceScaleFactor: INP_PHONE.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
      // Scrolling is measured, not the worker's background precache.
      serviceWorkers: 'block',
      storageState: {
        cookies: [],
        origins: [
          {
            origin: baseUrl,
            localStorage: [
              { name: 'token', value: session.token },
              { name: 'id', value: session.userId },
            ],
          },
        ],
      },
    });
    await context.addInitScript(IN_PAGE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: INP_PHONE.cpuThrottling });

    const focusFirst = async () => {
      if (!(await page.evaluate('window.__diaryBench.focusFirst()'))) {
        throw new Error('no diary entry could take focus for the keyboard pass');
      }
    };
    const passes: InpPass[] = [];
    passes.push(
      await measurePass(page, baseUrl, 'mouse wheel', async () => {
        await page.evaluate('window.__diaryBench.bringIntoView()');
        const { x, y } = await stateOf(page);
        await page.mouse.move(x, y);
        return () => page.mouse.wheel(0, WHEEL_DELTA);
      }),
    );
    for (const key of ['PageDown', 'End']) {
      passes.push(
        await measurePass(page, baseUrl, key, async () => {
          await focusFirst();
          return () => page.keyboard.press(key);
        }),
      );
    }
    for (const pass of passes) {
      console.info(
        `${pass.name}: ${pass.steps} steps, ${pass.isAtEnd ? 'at the end' : 'NOT at the end'}, ${pass.interactions} interactions, INP ${pass.inpMs === null ? '–' : `${Math.round(pass.inpMs)} ms`}, ${pass.entriesInDom} entries in the DOM`,
      );
    }
    await context.close();
    load.push(loadLine());
    return { passes, load };
  } finally {
    await browser.close();
  }
}

const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);

export function reportDiaryInp(passes: InpPass[], load: string[]) {
  const target = FIVE_YEAR_TARGETS.inpMs;
  console.info(
    `\nINP scrolling ${DIARY} to the end, five-year person, ${INP_PHONE.width}×${INP_PHONE.height} ` +
      `with the CPU slowed ${INP_PHONE.cpuThrottling}×; Event Timing (durationThreshold 16 ms), ` +
      'INP as web-vitals computes it ("p98": the worst, or the 98th percentile from 50 ' +
      `interactions on). ${load.join(' before, ')} after.\n`,
  );
  printTable(
    [
      'pass',
      'steps',
      'scrolled, px',
      'end reached',
      'interactions',
      'entries ≥ 16 ms',
      'worst interaction',
      'p98 (INP)',
      'worst entry, any',
      'longest frame',
      'entries in DOM',
      'target',
      'result',
    ],
    passes.map((p) => [
      p.name,
      String(p.steps),
      `${fmtInt(p.scrollTop)} of ${fmtInt(p.scrollHeight)}`,
      p.isAtEnd ? 'yes' : `no (cap ${INP_MAX_STEPS})`,
      String(p.interactions),
      String(p.slowEntries),
      ms(p.worstInteractionMs),
      ms(p.inpMs),
      p.worstEntry ? `${ms(p.worstEntry.duration)} ${p.worstEntry.name}` : '–',
      ms(p.longestFrame?.duration ?? null),
      String(p.entriesInDom),
      `< ${target} ms`,
      p.inpMs === null ? 'no interaction' : verdict(p.inpMs < target),
    ]),
  );
  console.info('\nWhere the time went, pass by pass:');
  for (const p of passes) {
    const e = p.worstEntry;
    const parts = e
      ? `worst entry ${e.name} ${ms(e.duration)}: input delay ${ms(e.inputDelay)}, handlers ${ms(e.processing)}, to the paint ${ms(e.presentation)}`
      : 'no entry of 16 ms or more';
    const frame = p.longestFrame
      ? `; longest frame ${ms(p.longestFrame.duration)}, its longest script: ${p.longestFrame.script ?? 'none (style, layout, paint)'}`
      : '';
    console.info(`- ${p.name}: ${parts}${frame}`);
  }
  const first = passes[0];
  if (first) {
    console.info(
      `\nEntries counted as ${first.how}; the list scrolls in ${first.scroller}. A wheel's scroll ` +
        'is no interaction in Event Timing: its pass shows its hovers and frames only.',
    );
  }
}
