import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  bandOf,
  flagsSelfHarm,
  MEASURES,
  NOT_A_DIAGNOSIS,
  scoreMeasure,
  type MeasureId,
  type MeasureResult,
} from '@wellspring/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, failure, mockApi, renderApp, saveSession } from '@/test/test-utils';

afterEach(() => sessionStorage.clear());

/** What the API answers a questionnaire: scored by the shared rules, as the server scores it. */
function scored(measure: MeasureId, body: { answers: number[]; difficulty?: number | null }) {
  const score = scoreMeasure(measure, body.answers);
  return {
    id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    measure,
    answers: body.answers,
    difficulty: body.difficulty ?? null,
    score,
    band: bandOf(measure, score).label,
    flagsSelfHarm: flagsSelfHarm(measure, body.answers),
    takenAt: '2026-03-18T12:00:00.000Z',
    date: '2026-03-18',
  } satisfies MeasureResult;
}

function openMeasure(measure: string, width: number, post = scored) {
  const user = buildUser({ timeZone: 'UTC' });
  saveSession(user);
  const api = mockApi({
    'GET /user': () => user,
    'GET /goal': () => null,
    'GET /support-resources': () => ({
      resources: [
        { name: 'Samaritans', phone: '116 123', url: null },
        { name: 'Find a Helpline', phone: null, url: 'https://findahelpline.com' },
      ],
    }),
    [`POST /measures/${measure}/results`]: (call) =>
      post(measure as MeasureId, call.body as { answers: number[] }),
  });
  const view = renderApp(`/app/measures/${measure}`, { width });
  return { ...view, ...api };
}

describe('taking a questionnaire (decision 083)', { timeout: 20_000 }, () => {
  it('asks a PHQ-9 one question a screen on the phone, and shows the crisis card before the score', async () => {
    const person = userEvent.setup();
    const { calls } = openMeasure('phq9', 390);
    expect(
      await screen.findByRole('heading', { level: 1, name: MEASURES.phq9.name }),
    ).toBeVisible();
    expect(screen.getByText(MEASURES.phq9.instruction)).toBeVisible();
    const answers = [1, 2, 1, 1, 0, 1, 0, 1, 1];
    for (const [i, value] of answers.entries()) {
      expect(screen.getByText(`Question ${i + 1} of ${i === 0 ? 9 : 10}`)).toBeVisible();
      const question = screen.getByRole('group', { name: `${i + 1}. ${MEASURES.phq9.items[i]}` });
      expect(screen.getAllByRole('group')).toHaveLength(1);
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
      await person.click(
        within(question).getByRole('radio', { name: MEASURES.phq9.options[value]!.label }),
      );
      await person.click(screen.getByRole('button', { name: 'Next' }));
    }
    // A problem was checked off: the difficulty question comes last.
    const difficulty = screen.getByRole('group', { name: MEASURES.phq9.difficulty!.question });
    await person.click(within(difficulty).getByRole('radio', { name: 'Somewhat difficult' }));
    await person.click(screen.getByRole('button', { name: 'See my result' }));

    const card = await screen.findByRole('region', {
      name: 'You do not have to carry this alone',
    });
    expect(within(card).getByRole('heading')).toHaveFocus();
    expect(within(card).getByRole('link', { name: 'Call 116 123' })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    expect(within(card).getByText(/call your local emergency number/)).toBeVisible();
    expect(screen.queryByText(/Your PHQ-9 score/)).toBeNull();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ answers, difficulty: 1 });

    await person.click(within(card).getByRole('button', { name: 'See my score' }));
    expect(await screen.findByRole('heading', { name: 'Your PHQ-9 score: 8' })).toBeVisible();
    expect(screen.getByText(NOT_A_DIAGNOSIS)).toBeVisible();
  });

  it('asks a GAD-7 all on one page on the desktop, scores it at once, and never says diagnosis', async () => {
    const person = userEvent.setup();
    const { calls } = openMeasure('gad7', 1400);
    await screen.findByRole('heading', { level: 1, name: MEASURES.gad7.name });
    expect(screen.getAllByRole('group')).toHaveLength(7);
    await person.click(screen.getByRole('button', { name: 'See my result' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please answer question 1 first.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    for (const [i, item] of MEASURES.gad7.items.entries()) {
      const question = screen.getByRole('group', { name: `${i + 1}. ${item}` });
      await person.click(within(question).getByRole('radio', { name: 'Not at all' }));
    }
    // Nothing checked off: no difficulty question.
    expect(screen.getAllByRole('group')).toHaveLength(7);
    await person.click(screen.getByRole('button', { name: 'See my result' }));
    expect(await screen.findByRole('heading', { name: 'Your GAD-7 score: 0' })).toBeVisible();
    expect(screen.getByText('Minimal').closest('li')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText(NOT_A_DIAGNOSIS)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      answers: [0, 0, 0, 0, 0, 0, 0],
      difficulty: null,
    });
  });

  it('keeps the answers when saving fails, and after a reload', async () => {
    const person = userEvent.setup();
    const view = openMeasure(
      'who5',
      1400,
      () => failure(503, 'SERVICE_UNAVAILABLE', 'Try again') as never,
    );
    await screen.findByRole('heading', { level: 1, name: MEASURES.who5.name });
    for (const [i, item] of MEASURES.who5.items.entries()) {
      const question = screen.getByRole('group', { name: `${i + 1}. ${item}` });
      await person.click(within(question).getByRole('radio', { name: 'Most of the time' }));
    }
    await person.click(screen.getByRole('button', { name: 'See my result' }));
    expect(await screen.findByText(/Your answers could not be saved/)).toBeVisible();
    const first = screen.getByRole('group', { name: `1. ${MEASURES.who5.items[0]}` });
    expect(within(first).getByRole('radio', { name: 'Most of the time' })).toBeChecked();

    // A reload mid-way: the same tab's answers come back.
    view.unmount();
    openMeasure('who5', 1400);
    await screen.findByRole('heading', { level: 1, name: MEASURES.who5.name });
    const reloaded = screen.getByRole('group', { name: `1. ${MEASURES.who5.items[0]}` });
    expect(within(reloaded).getByRole('radio', { name: 'Most of the time' })).toBeChecked();
  });

  it('says so for a questionnaire that does not exist', async () => {
    openMeasure('bdi', 1400);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No such questionnaire' }),
    ).toBeVisible();
  });
});
