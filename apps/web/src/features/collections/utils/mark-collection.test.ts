import type { Background, BackgroundOwnership } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { markCollection } from './mark-collection';

const ORIGIN = 'https://wellspring.example.org';
const background = (id: string, tier: 1 | 2 | 3 = 1): Background => ({
  id,
  name: `Background ${id}`,
  URL: `${ORIGIN}/backgrounds/${id}.svg`,
  tier,
});
const ownership = (backgroundId: string): BackgroundOwnership => ({
  id: `record-of-${backgroundId}`,
  backgroundId,
  acquiredAt: '2024-05-01T08:00:00.000Z',
});

describe('markCollection', () => {
  const all = [background('a'), background('b', 2), background('c', 3)];

  it('marks owned the backgrounds an ownership record names, by backgroundId', () => {
    const marked = markCollection(all, [ownership('a'), ownership('c')], null);
    expect(marked.map((b) => [b.id, b.owned])).toEqual([
      ['a', true],
      ['b', false],
      ['c', true],
    ]);
  });

  it('marks selected the owned background whose URL is selectedBackgroundURL', () => {
    const marked = markCollection(all, [ownership('a'), ownership('c')], all[2]!.URL);
    expect(marked.filter((b) => b.selected).map((b) => b.id)).toEqual(['c']);
  });

  it('never marks selected a background the user does not own, nor any when none is selected', () => {
    expect(markCollection(all, [ownership('a')], all[1]!.URL).some((b) => b.selected)).toBe(false);
    expect(markCollection(all, [ownership('a')], null).some((b) => b.selected)).toBe(false);
  });

  it('keeps every field of the background and the order of the full list', () => {
    const marked = markCollection(all, [], null);
    expect(marked).toEqual(all.map((b) => ({ ...b, owned: false, selected: false })));
  });
});
