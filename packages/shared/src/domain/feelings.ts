import type { ChosenMood } from './mood';

/** The four quadrants of the mood meter: energy high or low, pleasant or unpleasant. */
export const FEELING_QUADRANTS = [
  'high-pleasant',
  'low-pleasant',
  'high-unpleasant',
  'low-unpleasant',
] as const;

/** A quadrant of the mood meter. */
export type FeelingQuadrant = (typeof FEELING_QUADRANTS)[number];

/** A word of the vocabulary, its quadrant and the moods it fits. */
export interface FeelingWord {
  readonly word: string;
  readonly quadrant: FeelingQuadrant;
  readonly moods: readonly ChosenMood[];
}

/** The most feelings one check-in may carry. */
export const FEELINGS_PER_CHECK_IN = 10;

const entry = (word: string, quadrant: FeelingQuadrant, ...moods: ChosenMood[]): FeelingWord => ({
  word,
  quadrant,
  moods,
});

/** The fixed vocabulary (decision 073), 12 words a quadrant, in the order the picker shows them. */
export const FEELING_WORDS: readonly FeelingWord[] = [
  entry('excited', 'high-pleasant', 'Ecstatic', 'Happy'),
  entry('joyful', 'high-pleasant', 'Ecstatic', 'Happy'),
  entry('proud', 'high-pleasant', 'Ecstatic', 'Happy'),
  entry('energised', 'high-pleasant', 'Ecstatic', 'Happy'),
  entry('hopeful', 'high-pleasant', 'Happy', 'Neutral'),
  entry('inspired', 'high-pleasant', 'Ecstatic', 'Happy'),
  entry('playful', 'high-pleasant', 'Ecstatic', 'Happy'),
  entry('confident', 'high-pleasant', 'Ecstatic', 'Happy'),
  entry('enthusiastic', 'high-pleasant', 'Ecstatic', 'Happy'),
  entry('amazed', 'high-pleasant', 'Ecstatic'),
  entry('cheerful', 'high-pleasant', 'Ecstatic', 'Happy'),
  entry('motivated', 'high-pleasant', 'Happy', 'Neutral'),
  entry('calm', 'low-pleasant', 'Happy', 'Neutral'),
  entry('content', 'low-pleasant', 'Happy', 'Neutral'),
  entry('relaxed', 'low-pleasant', 'Happy', 'Neutral'),
  entry('grateful', 'low-pleasant', 'Ecstatic', 'Happy'),
  entry('peaceful', 'low-pleasant', 'Happy', 'Neutral'),
  entry('relieved', 'low-pleasant', 'Happy', 'Neutral'),
  entry('rested', 'low-pleasant', 'Happy', 'Neutral'),
  entry('cosy', 'low-pleasant', 'Happy', 'Neutral'),
  entry('satisfied', 'low-pleasant', 'Happy', 'Neutral'),
  entry('safe', 'low-pleasant', 'Happy', 'Neutral'),
  entry('mellow', 'low-pleasant', 'Happy', 'Neutral'),
  entry('thoughtful', 'low-pleasant', 'Happy', 'Neutral'),
  entry('anxious', 'high-unpleasant', 'Neutral', 'Sad'),
  entry('angry', 'high-unpleasant', 'Sad', 'Depressed'),
  entry('stressed', 'high-unpleasant', 'Neutral', 'Sad'),
  entry('frustrated', 'high-unpleasant', 'Neutral', 'Sad'),
  entry('overwhelmed', 'high-unpleasant', 'Sad', 'Depressed'),
  entry('irritated', 'high-unpleasant', 'Neutral', 'Sad'),
  entry('nervous', 'high-unpleasant', 'Neutral', 'Sad'),
  entry('worried', 'high-unpleasant', 'Neutral', 'Sad'),
  entry('restless', 'high-unpleasant', 'Neutral', 'Sad'),
  entry('tense', 'high-unpleasant', 'Neutral', 'Sad'),
  entry('jealous', 'high-unpleasant', 'Neutral', 'Sad'),
  entry('panicked', 'high-unpleasant', 'Sad', 'Depressed'),
  entry('sad', 'low-unpleasant', 'Sad', 'Depressed'),
  entry('tired', 'low-unpleasant', 'Neutral', 'Sad'),
  entry('lonely', 'low-unpleasant', 'Sad', 'Depressed'),
  entry('bored', 'low-unpleasant', 'Neutral', 'Sad'),
  entry('disappointed', 'low-unpleasant', 'Sad', 'Depressed'),
  entry('hopeless', 'low-unpleasant', 'Depressed'),
  entry('drained', 'low-unpleasant', 'Sad', 'Depressed'),
  entry('down', 'low-unpleasant', 'Sad', 'Depressed'),
  entry('numb', 'low-unpleasant', 'Sad', 'Depressed'),
  entry('discouraged', 'low-unpleasant', 'Sad', 'Depressed'),
  entry('guilty', 'low-unpleasant', 'Sad', 'Depressed'),
  entry('hurt', 'low-unpleasant', 'Sad', 'Depressed'),
];

/** A word of FEELING_WORDS. */
export type Feeling = string;

/** The words alone, in the vocabulary's order. */
export const FEELINGS: readonly string[] = FEELING_WORDS.map((f) => f.word);

const BY_WORD = new Map(FEELING_WORDS.map((f) => [f.word, f]));

/** True when the value is a word of the vocabulary. */
export function isFeeling(value: unknown): value is string {
  return typeof value === 'string' && BY_WORD.has(value);
}

/** The word's entry, or undefined for a word outside the vocabulary. */
export function findFeeling(word: string): FeelingWord | undefined {
  return BY_WORD.get(word);
}

/** The words that fit a mood, in the vocabulary's order. */
export function feelingsForMood(mood: ChosenMood): FeelingWord[] {
  return FEELING_WORDS.filter((f) => f.moods.includes(mood));
}

/** The mood a quadrant points to, for a word recorded without one (an import). */
export function moodOfQuadrant(quadrant: FeelingQuadrant): ChosenMood {
  return quadrant === 'high-pleasant' || quadrant === 'low-pleasant' ? 'Happy' : 'Sad';
}

/** The mood a word points to through its quadrant; undefined for an unknown word. */
export function moodOfFeeling(word: string): ChosenMood | undefined {
  const feeling = BY_WORD.get(word);
  return feeling ? moodOfQuadrant(feeling.quadrant) : undefined;
}
