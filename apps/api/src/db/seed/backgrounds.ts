/** One artwork shipped with the product; `slug` is its stable identity across seeds. */
export interface SeedBackground {
  slug: string;
  name: string;
  tier: 1 | 2 | 3;
  url: string; // '/backgrounds/<slug>.svg'
}

/** The background artworks, 4 per tier; the first is the default every new account owns and selects. */
export const SEED_BACKGROUNDS: readonly SeedBackground[] = [
  // Tier I: soft gradients, a few layered hills or waves, a sun.
  { slug: 'first-light', name: 'First Light', tier: 1, url: '/backgrounds/first-light.svg' },
  { slug: 'still-water', name: 'Still Water', tier: 1, url: '/backgrounds/still-water.svg' },
  { slug: 'soft-hills', name: 'Soft Hills', tier: 1, url: '/backgrounds/soft-hills.svg' },
  { slug: 'morning-mist', name: 'Morning Mist', tier: 1, url: '/backgrounds/morning-mist.svg' },
  // Tier II: more layers and detail.
  { slug: 'quiet-peaks', name: 'Quiet Peaks', tier: 2, url: '/backgrounds/quiet-peaks.svg' },
  { slug: 'lakeside-dusk', name: 'Lakeside Dusk', tier: 2, url: '/backgrounds/lakeside-dusk.svg' },
  { slug: 'desert-stars', name: 'Desert Stars', tier: 2, url: '/backgrounds/desert-stars.svg' },
  {
    slug: 'wildflower-meadow',
    name: 'Wildflower Meadow',
    tier: 2,
    url: '/backgrounds/wildflower-meadow.svg',
  },
  // Tier III: rich scenes with many layers and dozens of elements.
  {
    slug: 'northern-lights',
    name: 'Northern Lights',
    tier: 3,
    url: '/backgrounds/northern-lights.svg',
  },
  { slug: 'coral-garden', name: 'Coral Garden', tier: 3, url: '/backgrounds/coral-garden.svg' },
  { slug: 'golden-forest', name: 'Golden Forest', tier: 3, url: '/backgrounds/golden-forest.svg' },
  { slug: 'lantern-night', name: 'Lantern Night', tier: 3, url: '/backgrounds/lantern-night.svg' },
];
