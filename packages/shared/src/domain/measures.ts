/*
 * The questionnaires clinicians use (decision 083): WHO-5, PHQ-9 and GAD-7, each with its
 * published wording, answer options, time frame, scoring and severity bands, credited as their
 * terms ask. The wording is never edited here: a change is a change of decision 083.
 */

export const MEASURE_IDS = ['who5', 'phq9', 'gad7'] as const;
export type MeasureId = (typeof MEASURE_IDS)[number];

export interface MeasureOption {
  readonly value: number;
  readonly label: string;
}

/** A band of scores and what the published scoring calls it. */
export interface MeasureBand {
  readonly min: number;
  readonly max: number;
  readonly label: string;
}

export interface MeasureDefinition {
  readonly id: MeasureId;
  /** 'PHQ-9' */
  readonly shortName: string;
  /** 'Patient Health Questionnaire (PHQ-9)' */
  readonly name: string;
  /** What the measure is about, in a few plain words for the list of measures. */
  readonly about: string;
  /** The published instruction, time frame included. */
  readonly instruction: string;
  readonly items: readonly string[];
  readonly options: readonly MeasureOption[];
  /** The published question on how hard the problems made life; answered, never scored. */
  readonly difficulty: { readonly question: string; readonly options: readonly string[] } | null;
  /** The highest score, after the published scoring. */
  readonly maxScore: number;
  /** What a score is: 'out of 27', 'a percentage, higher is better'. */
  readonly scoreMeaning: string;
  /** True when a higher score is better (WHO-5). */
  readonly higherIsBetter: boolean;
  readonly bands: readonly MeasureBand[];
  /** The credit the measure's terms ask for, shown with it. */
  readonly credit: string;
}

const FREQUENCY: readonly MeasureOption[] = [
  { value: 0, label: 'Not at all' },
  { value: 1, label: 'Several days' },
  { value: 2, label: 'More than half the days' },
  { value: 3, label: 'Nearly every day' },
];

const DIFFICULTY = {
  question:
    'If you checked off any problems, how difficult have these problems made it for you to do ' +
    'your work, take care of things at home, or get along with other people?',
  options: ['Not difficult at all', 'Somewhat difficult', 'Very difficult', 'Extremely difficult'],
} as const;

const PFIZER_CREDIT =
  'Developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with ' +
  'an educational grant from Pfizer Inc. No permission required to reproduce, translate, ' +
  'display or distribute.';

export const MEASURES: Readonly<Record<MeasureId, MeasureDefinition>> = {
  who5: {
    id: 'who5',
    shortName: 'WHO-5',
    name: 'WHO-5 Well-Being Index',
    about: 'Well-being over the last two weeks',
    instruction:
      'Please indicate for each of the five statements which is closest to how you have been ' +
      'feeling over the last two weeks.',
    items: [
      'I have felt cheerful and in good spirits',
      'I have felt calm and relaxed',
      'I have felt active and vigorous',
      'I woke up feeling fresh and rested',
      'My daily life has been filled with things that interest me',
    ],
    options: [
      { value: 5, label: 'All of the time' },
      { value: 4, label: 'Most of the time' },
      { value: 3, label: 'More than half of the time' },
      { value: 2, label: 'Less than half of the time' },
      { value: 1, label: 'Some of the time' },
      { value: 0, label: 'At no time' },
    ],
    difficulty: null,
    maxScore: 100,
    scoreMeaning: 'a percentage from 0 to 100; higher means better well-being',
    higherIsBetter: true,
    bands: [
      { min: 0, max: 28, label: 'Very low well-being' },
      { min: 29, max: 50, label: 'Low well-being' },
      { min: 51, max: 100, label: 'Well-being not low' },
    ],
    credit:
      'WHO-5 © Psychiatric Research Unit, Mental Health Centre North Zealand, WHO Collaborating ' +
      'Centre in Mental Health. Free to use.',
  },
  phq9: {
    id: 'phq9',
    shortName: 'PHQ-9',
    name: 'Patient Health Questionnaire (PHQ-9)',
    about: 'Low mood and depression over the last two weeks',
    instruction:
      'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
    items: [
      'Little interest or pleasure in doing things',
      'Feeling down, depressed, or hopeless',
      'Trouble falling or staying asleep, or sleeping too much',
      'Feeling tired or having little energy',
      'Poor appetite or overeating',
      'Feeling bad about yourself — or that you are a failure or have let yourself or your ' +
        'family down',
      'Trouble concentrating on things, such as reading the newspaper or watching television',
      'Moving or speaking so slowly that other people could have noticed? Or the opposite — ' +
        'being so fidgety or restless that you have been moving around a lot more than usual',
      'Thoughts that you would be better off dead or of hurting yourself in some way',
    ],
    options: FREQUENCY,
    difficulty: DIFFICULTY,
    maxScore: 27,
    scoreMeaning: 'from 0 to 27; higher means more symptoms',
    higherIsBetter: false,
    bands: [
      { min: 0, max: 4, label: 'Minimal' },
      { min: 5, max: 9, label: 'Mild' },
      { min: 10, max: 14, label: 'Moderate' },
      { min: 15, max: 19, label: 'Moderately severe' },
      { min: 20, max: 27, label: 'Severe' },
    ],
    credit: PFIZER_CREDIT,
  },
  gad7: {
    id: 'gad7',
    shortName: 'GAD-7',
    name: 'Generalized Anxiety Disorder 7-item scale (GAD-7)',
    about: 'Anxiety and worry over the last two weeks',
    instruction:
      'Over the last 2 weeks, how often have you been bothered by the following problems?',
    items: [
      'Feeling nervous, anxious, or on edge',
      'Not being able to stop or control worrying',
      'Worrying too much about different things',
      'Trouble relaxing',
      'Being so restless that it is hard to sit still',
      'Becoming easily annoyed or irritable',
      'Feeling afraid, as if something awful might happen',
    ],
    options: FREQUENCY,
    difficulty: DIFFICULTY,
    maxScore: 21,
    scoreMeaning: 'from 0 to 21; higher means more symptoms',
    higherIsBetter: false,
    bands: [
      { min: 0, max: 4, label: 'Minimal' },
      { min: 5, max: 9, label: 'Mild' },
      { min: 10, max: 14, label: 'Moderate' },
      { min: 15, max: 21, label: 'Severe' },
    ],
    credit: PFIZER_CREDIT,
  },
};

/** The PHQ-9 item on thoughts of self-harm (the ninth, index 8): any answer but 0 is flagged. */
export const PHQ9_SELF_HARM_ITEM = 8;

/** Said on every result: a score is never a diagnosis. */
export const NOT_A_DIAGNOSIS =
  'A score is not a diagnosis. Only a doctor or another health professional can make one, ' +
  'with you, from more than a questionnaire.';

/** Why a set of answers cannot be scored, or null when it can. */
export function answersProblem(id: MeasureId, answers: readonly number[]): string | null {
  const measure = MEASURES[id];
  if (answers.length !== measure.items.length) {
    return `${measure.shortName} has ${measure.items.length} questions: answer each once`;
  }
  const values = new Set(measure.options.map((o) => o.value));
  if (!answers.every((a) => Number.isInteger(a) && values.has(a))) {
    const low = Math.min(...values);
    const high = Math.max(...values);
    return `Each ${measure.shortName} answer is a whole number from ${low} to ${high}`;
  }
  return null;
}

/**
 * The published score: the sum of the answers (PHQ-9, GAD-7), or for WHO-5 the sum times four,
 * a percentage. The answers must have passed answersProblem.
 */
export function scoreMeasure(id: MeasureId, answers: readonly number[]): number {
  const sum = answers.reduce((total, answer) => total + answer, 0);
  return id === 'who5' ? sum * 4 : sum;
}

/** The band a score falls in. */
export function bandOf(id: MeasureId, score: number): MeasureBand {
  const band = MEASURES[id].bands.find((b) => score >= b.min && score <= b.max);
  if (!band) throw new RangeError(`${score} is not a ${MEASURES[id].shortName} score`);
  return band;
}

/** True when a PHQ-9's answers say thoughts of self-harm came on some days (item 9 above 0). */
export function flagsSelfHarm(id: MeasureId, answers: readonly number[]): boolean {
  return id === 'phq9' && (answers[PHQ9_SELF_HARM_ITEM] ?? 0) > 0;
}
