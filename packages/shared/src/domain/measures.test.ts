// The published scoring of each measure, restated from its sources (decision 083), not from our
// code: the PHQ-9 and GAD-7 instructions (Kroenke 2001, Spitzer 2006) and the WHO-5's own scoring
// (Psychiatric Research Unit, 1998; bands from Topp et al. 2015).
import { describe, expect, it } from 'vitest';
import {
  answersProblem,
  bandOf,
  flagsSelfHarm,
  MEASURES,
  scoreMeasure,
  type MeasureId,
} from './measures';

/** Answers that give `total` points on items scored 0 to `top`, spread from the first item. */
function answersFor(id: MeasureId, total: number, top: number): number[] {
  const answers = MEASURES[id].items.map(() => 0);
  let left = total;
  for (let i = 0; i < answers.length && left > 0; i += 1) {
    answers[i] = Math.min(top, left);
    left -= answers[i]!;
  }
  return answers;
}

describe('PHQ-9 (Kroenke, Spitzer, Williams 2001)', () => {
  // "Total score 1-4 minimal depression; 5-9 mild; 10-14 moderate; 15-19 moderately severe;
  // 20-27 severe" (0 counted with 1-4).
  const PUBLISHED: [number, string][] = [
    [0, 'Minimal'],
    [4, 'Minimal'],
    [5, 'Mild'],
    [9, 'Mild'],
    [10, 'Moderate'],
    [14, 'Moderate'],
    [15, 'Moderately severe'],
    [19, 'Moderately severe'],
    [20, 'Severe'],
    [27, 'Severe'],
  ];

  it.each(PUBLISHED)('a total of %i is %s', (total, band) => {
    const answers = answersFor('phq9', total, 3);
    expect(scoreMeasure('phq9', answers)).toBe(total);
    expect(bandOf('phq9', total).label).toBe(band);
  });

  it('has nine items scored 0 (not at all) to 3 (nearly every day), 27 at most', () => {
    expect(MEASURES.phq9.items).toHaveLength(9);
    expect(MEASURES.phq9.options.map((o) => [o.label, o.value])).toEqual([
      ['Not at all', 0],
      ['Several days', 1],
      ['More than half the days', 2],
      ['Nearly every day', 3],
    ]);
    expect(scoreMeasure('phq9', Array(9).fill(3))).toBe(27);
  });

  it('flags item 9 answered anything but "not at all", and nothing else', () => {
    expect(MEASURES.phq9.items[8]).toBe(
      'Thoughts that you would be better off dead or of hurting yourself in some way',
    );
    expect(flagsSelfHarm('phq9', [0, 0, 0, 0, 0, 0, 0, 0, 1])).toBe(true);
    expect(flagsSelfHarm('phq9', [3, 3, 3, 3, 3, 3, 3, 3, 0])).toBe(false);
    expect(flagsSelfHarm('gad7', [3, 3, 3, 3, 3, 3, 3])).toBe(false);
  });
});

describe('GAD-7 (Spitzer, Kroenke, Williams, Löwe 2006)', () => {
  // "Scores of 5, 10, and 15 are taken as the cut-off points for mild, moderate and severe."
  const PUBLISHED: [number, string][] = [
    [0, 'Minimal'],
    [4, 'Minimal'],
    [5, 'Mild'],
    [9, 'Mild'],
    [10, 'Moderate'],
    [14, 'Moderate'],
    [15, 'Severe'],
    [21, 'Severe'],
  ];

  it.each(PUBLISHED)('a total of %i is %s', (total, band) => {
    expect(scoreMeasure('gad7', answersFor('gad7', total, 3))).toBe(total);
    expect(bandOf('gad7', total).label).toBe(band);
  });

  it('has seven items scored 0 to 3, 21 at most', () => {
    expect(MEASURES.gad7.items).toHaveLength(7);
    expect(scoreMeasure('gad7', Array(7).fill(3))).toBe(21);
  });
});

describe('WHO-5 (Psychiatric Research Unit 1998; Topp et al. 2015)', () => {
  // "The raw score ranges from 0 to 25 ... multiplied by 4" to a percentage; "a score of 50 or
  // below indicates poor well-being", "28 or below is indicative of depression".
  const PUBLISHED: [number, number, string][] = [
    [0, 0, 'Very low well-being'],
    [7, 28, 'Very low well-being'],
    [8, 32, 'Low well-being'],
    [12, 48, 'Low well-being'],
    [13, 52, 'Well-being not low'],
    [25, 100, 'Well-being not low'],
  ];

  it.each(PUBLISHED)('a raw score of %i is %i per cent, %s', (raw, percent, band) => {
    const score = scoreMeasure('who5', answersFor('who5', raw, 5));
    expect(score).toBe(percent);
    expect(bandOf('who5', score).label).toBe(band);
  });

  it('has five items scored 5 (all of the time) to 0 (at no time)', () => {
    expect(MEASURES.who5.items).toHaveLength(5);
    expect(MEASURES.who5.options.map((o) => [o.label, o.value])).toEqual([
      ['All of the time', 5],
      ['Most of the time', 4],
      ['More than half of the time', 3],
      ['Less than half of the time', 2],
      ['Some of the time', 1],
      ['At no time', 0],
    ]);
  });
});

describe('answers that cannot be scored', () => {
  it('names the rule: one answer a question, each on the scale', () => {
    expect(answersProblem('phq9', Array(8).fill(0))).toBe(
      'PHQ-9 has 9 questions: answer each once',
    );
    expect(answersProblem('gad7', [0, 1, 2, 3, 4, 0, 0])).toBe(
      'Each GAD-7 answer is a whole number from 0 to 3',
    );
    expect(answersProblem('who5', [5, 5, 5, 5, 1.5])).toBe(
      'Each WHO-5 answer is a whole number from 0 to 5',
    );
    expect(answersProblem('who5', [5, 4, 3, 2, 1])).toBeNull();
  });

  it('bands cover every score from 0 to the top, once each', () => {
    for (const measure of Object.values(MEASURES)) {
      for (let score = 0; score <= measure.maxScore; score += 1) {
        expect(measure.bands.filter((b) => score >= b.min && score <= b.max)).toHaveLength(1);
      }
    }
  });
});
