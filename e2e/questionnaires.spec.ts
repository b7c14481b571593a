import type { Page } from '@playwright/test';
import { MEASURES, NOT_A_DIAGNOSIS } from '@wellspring/shared';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './first-week-pages-helpers';
import { createUser, openSignedIn } from './first-week-setup';

/*
 * The questionnaires (issue 34, decision 083) in the browser. At 360 px a PHQ-9 is taken one
 * question a screen with the keyboard alone; its ninth answer is not "Not at all", so the crisis
 * card comes before the score. At 1400 px a GAD-7 is taken on one page, and Insights shows both
 * scores with their bands. Checked with axe, in dark mode on the phone.
 */

async function baseOf(page: Page): Promise<string> {
  await page.goto('/home/landing');
  return new URL(page.url()).origin;
}

test.describe('a PHQ-9 on the phone (360 px), keyboard only, in dark mode', () => {
  test.use({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });
  test.setTimeout(60_000);

  test('shows the crisis card before the score when item 9 is not "Not at all"', async ({
    page,
    request,
    problems,
  }) => {
    const user = await createUser(request, await baseOf(page), 'phq9', { mood: 'Neutral' });
    await openSignedIn(page, user, '/app/measures/phq9');
    await expect(page.getByRole('heading', { level: 1, name: MEASURES.phq9.name })).toBeVisible();
    // Answers 1 to 9: "Several days" (one step down from "Not at all") for each.
    for (let i = 0; i < 9; i += 1) {
      await expect(page.getByText(`Question ${i + 1} of`)).toBeVisible();
      const first = page.getByRole('radio', { name: 'Not at all' });
      await first.focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('radio', { name: 'Several days' })).toBeChecked();
      if (i === 0) await expectNoSidewaysScroll(page, 'a PHQ-9 question');
      await page.getByRole('button', { name: 'Next' }).focus();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByText('Question 10 of 10')).toBeVisible();
    await page.getByRole('radio', { name: 'Not difficult at all' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'See my result' }).focus();
    await page.keyboard.press('Enter');

    const card = page.getByRole('region', { name: 'You do not have to carry this alone' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading')).toBeFocused();
    await expect(card.getByRole('link', { name: /findahelpline\.com/ })).toBeVisible();
    await expect(page.getByText(/Your PHQ-9 score/)).toHaveCount(0);
    await expectNoSeriousViolations(page, 'the crisis card in dark at 360 px');

    await card.getByRole('button', { name: 'See my score' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Your PHQ-9 score: 9' })).toBeVisible();
    await expect(page.getByText(NOT_A_DIAGNOSIS)).toBeVisible();
    await expectNoSeriousViolations(page, 'a PHQ-9 result in dark at 360 px');
    expect(problems.messages).toEqual([]);
  });
});

test.describe('a GAD-7 on the desktop (1400 px)', () => {
  test.use({ viewport: { width: 1400, height: 900 } });
  test.setTimeout(60_000);

  test('takes every question on one page, and Insights shows the score with its band', async ({
    page,
    request,
    problems,
  }) => {
    const user = await createUser(request, await baseOf(page), 'gad7', { mood: 'Neutral' });
    await openSignedIn(page, user, '/app/insights');
    const section = page.getByRole('region', { name: 'Questionnaires' });
    await section.getByRole('link', { name: 'Take the GAD-7' }).click();
    await expect(page.getByRole('group')).toHaveCount(7);
    for (const [i, item] of MEASURES.gad7.items.entries()) {
      await page
        .getByRole('group', { name: `${i + 1}. ${item}` })
        .getByText(i < 4 ? 'More than half the days' : 'Not at all')
        .click();
    }
    await expect(page.getByRole('group')).toHaveCount(8);
    await page.getByRole('button', { name: 'See my result' }).click();
    await expect(page.getByRole('heading', { name: 'Your GAD-7 score: 8' })).toBeVisible();
    await expect(page.locator('li[aria-current="true"]')).toContainText('Mild');
    await expectNoSeriousViolations(page, 'a GAD-7 result at 1400 px');

    await page.getByRole('link', { name: 'See your scores over time' }).click();
    const gad = page.getByRole('region', { name: /^GAD-7/ });
    await expect(gad.getByRole('row').nth(1)).toContainText('8');
    await expect(gad.getByRole('row').nth(1)).toContainText('Mild');
    expect(problems.messages).toEqual([]);
  });
});
