import { describe, expect, it } from 'vitest';
import { WRITING_PROMPTS } from './prompts';

describe('the writing prompts', () => {
  it('are at least 40 distinct questions', () => {
    expect(WRITING_PROMPTS.length).toBeGreaterThanOrEqual(40);
    const normalised = WRITING_PROMPTS.map((p) => p.trim().toLowerCase());
    expect(new Set(normalised).size).toBe(WRITING_PROMPTS.length);
  });

  it('are each short (at most 120 characters), trimmed, and end with a question mark', () => {
    for (const prompt of WRITING_PROMPTS) {
      expect(prompt.length, prompt).toBeLessThanOrEqual(120);
      expect(prompt, prompt).toBe(prompt.trim());
      expect(prompt.endsWith('?'), prompt).toBe(true);
    }
  });

  it('use no clinical words', () => {
    const clinical =
      /\b(depress\w*|anxi\w*|disorder|symptom\w*|diagnos\w*|therap\w*|trauma\w*|suicid\w*|self-harm|mental illness|panic)\b/i;
    for (const prompt of WRITING_PROMPTS) expect(prompt, prompt).not.toMatch(clinical);
  });
});
