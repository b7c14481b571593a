import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { completeGoal, createUser, hasWideNav, openSignedIn } from './first-week-setup';
import { measureWelcomeCard } from './first-week-measure';
import { expectNoSeriousViolations } from './first-week-checks';

/*
 * A newcomer's first week: one goal slider, and the reward moment (decision 023). Checked where it
 * went wrong, in Chromium; the artwork's test goes through the phone's and the desktop's widths
 * itself.
 */

// ---- item 21: one slider ------------------------------------------------------------------------

/** What makes a slider look as it does: equal for the same component, in any place. */
async function sliderLook(slider: Locator) {
  return slider.evaluate((input) => {
    const style = getComputedStyle(input);
    return {
      appearance: style.appearance,
      height: style.height,
      borderRadius: style.borderRadius,
      hasFilledTrack: style.backgroundImage.includes('gradient'),
      // The thumb's styles live in the classes (computed styles do not reach the thumb).
      classes: input.className,
    };
  });
}

test('item 21: onboarding, Change target and Start A New Goal share one styled slider', async ({
  page,
  baseURL,
  problems,
}) => {
  const user = await createUser(page.request, baseURL!, 'slider', {
    mood: 'Happy',
    hasOnboarded: false,
  });
  await openSignedIn(page, user, '/onboarding/step-2');
  const onboarding = page.getByRole('slider', { name: 'Your points goal' });
  await expect(onboarding).toHaveValue('50000');
  const look = await sliderLook(onboarding);
  expect(look.appearance).toBe('none');
  expect(look.hasFilledTrack).toBe(true);
  await expectNoSeriousViolations(page, 'onboarding step 2');

  // No goal yet: the task page offers Start A New Goal.
  const patched = await page.request.patch(`${user.api}/user?id=${user.id}`, {
    headers: user.headers,
    data: { hasOnboarded: true },
  });
  expect(patched.ok()).toBe(true);
  await page.goto('/app/task');
  const overlay = page.getByTestId('goal-overlay');
  await expect(overlay.getByRole('heading', { name: 'Start A New Goal' })).toBeVisible();
  const newGoal = overlay.getByRole('slider', { name: 'Your new goal' });
  await expect(newGoal).toHaveValue('150000');
  expect(await sliderLook(newGoal)).toEqual(look);
  await expectNoSeriousViolations(page, 'Start A New Goal');
  await newGoal.focus();
  await page.keyboard.press('ArrowRight');
  await expect(newGoal).toHaveAttribute('aria-valuetext', '200,000 points, Tier 2, Medium');
  await overlay.getByRole('button', { name: 'Set Goal' }).click();
  await expect(page.getByTestId('goal-overlay')).toHaveCount(0);

  // A goal in progress: Change target opens the same slider.
  const goalCard = page.getByRole('region', { name: 'Goal Progress' });
  await goalCard.getByRole('button', { name: 'Change target' }).click();
  const change = goalCard.getByRole('slider', { name: 'New target' });
  await expect(change).toHaveValue('200000');
  expect(await sliderLook(change)).toEqual(look);
  await expectNoSeriousViolations(page, 'Change target');
  expect(problems.messages).toEqual([]);
});

// ---- item 22: the reward moment -----------------------------------------------------------------

test('item 22: the prize dialog reveals the background only once its image has loaded', async ({
  page,
  baseURL,
  problems,
}) => {
  test.setTimeout(90_000);
  const user = await createUser(page.request, baseURL!, 'prize', {
    mood: 'Happy',
    goalTarget: 50_000,
  });
  await completeGoal(page.request, user);

  // The artwork arrives slowly, as on a phone network.
  await page.route('**/backgrounds/*.svg', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  // Notes, at the moment the image is revealed, whether it had loaded.
  await page.addInitScript(() => {
    const seen: boolean[] = [];
    (window as unknown as { revealSeen: boolean[] }).revealSeen = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        const image = record.target as HTMLImageElement;
        if (image.dataset.revealed === 'true' && record.oldValue !== 'true') {
          seen.push(image.complete && image.naturalWidth > 0);
        }
      }
    }).observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-revealed'],
      attributeOldValue: true,
    });
  });
  await openSignedIn(page, user, '/app/task');
  await page.getByTestId('goal-overlay').getByRole('button', { name: 'Claim Your Reward' }).click();
  const prize = page.getByRole('dialog', { name: 'You won a new background!' });
  await expect(prize).toBeVisible();
  await expect(prize.getByRole('img')).toHaveAttribute('data-revealed', 'true', {
    timeout: 10_000,
  });
  expect(
    await page.evaluate(() => (window as unknown as { revealSeen: boolean[] }).revealSeen),
  ).toEqual([true]);
  await expectNoSeriousViolations(page, 'the goalPrize dialog');
  expect(problems.messages).toEqual([]);
});

test("item 22: the dashboard's header shows each artwork and keeps its text AA", async ({
  page,
  baseURL,
  problems,
}) => {
  test.setTimeout(120_000);
  const user = await createUser(page.request, baseURL!, 'artwork', {
    mood: 'Happy',
    goalTarget: 100_000,
  });
  const listed = await page.request.get(`${user.api}/background`, { headers: user.headers });
  expect(listed.ok()).toBe(true);
  const { data: backgrounds } = (await listed.json()) as { data: { URL: string }[] };
  expect(backgrounds.length).toBe(12);

  await openSignedIn(page, user, '/app/dashboard');
  await expect(page.getByText('Feeling Happy', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'the dashboard');
  const isWide = hasWideNav(page);
  for (const width of isWide ? [1400] : [450, 390]) {
    await page.setViewportSize({ width, height: isWide ? 900 : 844 });
    const result = await measureWelcomeCard(
      page,
      backgrounds.map((background) => background.URL),
    );
    for (const { url, texts } of result.perArtwork) {
      for (const text of texts) {
        expect(
          text.contrast,
          `${url} at ${width} px: "${text.text}" (${text.isLarge ? 'large' : 'normal'} text)`,
        ).toBeGreaterThanOrEqual(text.isLarge ? 3 : 4.5);
      }
    }
    // The artworks stay told apart. The dark overlay this replaces kept 0.45 of the difference
    // between two artworks; a phone's card is mostly words, a wide one mostly art.
    expect(result.keptDifference, `at ${width} px`).toBeGreaterThanOrEqual(isWide ? 0.75 : 0.55);
  }
  expect(problems.messages).toEqual([]);
});
