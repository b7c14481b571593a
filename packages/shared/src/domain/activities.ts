/** The groups a user's activities fall in, in the order the check-in shows them. */
export const ACTIVITY_GROUPS = [
  'sleep',
  'people',
  'health',
  'hobbies',
  'chores',
  'work',
  'place',
] as const;

/** A group of activities. */
export type ActivityGroup = (typeof ACTIVITY_GROUPS)[number];

/** The heading of each group. */
export const ACTIVITY_GROUP_LABELS: Record<ActivityGroup, string> = {
  sleep: 'Sleep',
  people: 'People',
  health: 'Health',
  hobbies: 'Hobbies',
  chores: 'Chores',
  work: 'Work',
  place: 'Weather and place',
};

/** The icons an activity can have: lucide-react component names, as the web app imports them. */
export const ACTIVITY_ICONS = [
  // Sleep
  'Moon',
  'MoonStar',
  'BedDouble',
  'Sofa',
  'AlarmClock',
  'Sunrise',
  // People
  'Users',
  'User',
  'Heart',
  'HeartHandshake',
  'Baby',
  'PawPrint',
  'MessageCircle',
  'Phone',
  // Health
  'Footprints',
  'Dumbbell',
  'Bike',
  'Salad',
  'Apple',
  'Droplet',
  'Flower2',
  'Brain',
  'Pill',
  'Stethoscope',
  // Hobbies
  'BookOpen',
  'EighthNotes',
  'Headphones',
  'Guitar',
  'Gamepad2',
  'Palette',
  'Camera',
  'Film',
  'Tv',
  'Sprout',
  // Chores
  'Brush',
  'ShoppingCart',
  'CookingPot',
  'WashingMachine',
  'Shirt',
  'Wrench',
  // Work
  'Briefcase',
  'Laptop',
  'GraduationCap',
  'Car',
  'TreePalm',
  'Coffee',
  // Weather and place
  'Sun',
  'Cloud',
  'CloudRain',
  'Snowflake',
  'Wind',
  'Trees',
  'Mountain',
  'House',
  'MapPin',
  'Plane',
  // Anything else
  'Utensils',
  'PartyPopper',
  'Sparkles',
] as const;

/** An icon an activity can have. */
export type ActivityIcon = (typeof ACTIVITY_ICONS)[number];

/** True when the value names one of ACTIVITY_ICONS. */
export function isActivityIcon(value: unknown): value is ActivityIcon {
  return (ACTIVITY_ICONS as readonly unknown[]).includes(value);
}

/** An activity as the default set gives it. */
export interface DefaultActivity {
  readonly name: string;
  readonly group: ActivityGroup;
  readonly icon: ActivityIcon;
}

/** The activities a new user's list starts with, group by group. */
export const DEFAULT_ACTIVITIES: readonly DefaultActivity[] = [
  { name: 'Slept well', group: 'sleep', icon: 'BedDouble' },
  { name: 'Slept badly', group: 'sleep', icon: 'AlarmClock' },
  { name: 'Nap', group: 'sleep', icon: 'Sofa' },
  { name: 'Family', group: 'people', icon: 'Users' },
  { name: 'Friends', group: 'people', icon: 'HeartHandshake' },
  { name: 'Partner', group: 'people', icon: 'Heart' },
  { name: 'Pets', group: 'people', icon: 'PawPrint' },
  { name: 'Time alone', group: 'people', icon: 'User' },
  { name: 'Walk', group: 'health', icon: 'Footprints' },
  { name: 'Exercise', group: 'health', icon: 'Dumbbell' },
  { name: 'Ate well', group: 'health', icon: 'Salad' },
  { name: 'Meditation', group: 'health', icon: 'Flower2' },
  { name: 'Medication', group: 'health', icon: 'Pill' },
  { name: 'Reading', group: 'hobbies', icon: 'BookOpen' },
  { name: 'Music', group: 'hobbies', icon: 'EighthNotes' },
  { name: 'Gaming', group: 'hobbies', icon: 'Gamepad2' },
  { name: 'Creative time', group: 'hobbies', icon: 'Palette' },
  { name: 'Cleaning', group: 'chores', icon: 'Brush' },
  { name: 'Shopping', group: 'chores', icon: 'ShoppingCart' },
  { name: 'Cooking', group: 'chores', icon: 'CookingPot' },
  { name: 'Laundry', group: 'chores', icon: 'WashingMachine' },
  { name: 'Work', group: 'work', icon: 'Briefcase' },
  { name: 'Study', group: 'work', icon: 'GraduationCap' },
  { name: 'Commute', group: 'work', icon: 'Car' },
  { name: 'Day off', group: 'work', icon: 'TreePalm' },
  { name: 'Sunny', group: 'place', icon: 'Sun' },
  { name: 'Rainy', group: 'place', icon: 'CloudRain' },
  { name: 'Outdoors', group: 'place', icon: 'Trees' },
  { name: 'At home', group: 'place', icon: 'House' },
  { name: 'Travel', group: 'place', icon: 'Plane' },
];

/** The longest activity name, in user-perceived characters (graphemes). */
export const ACTIVITY_NAME_MAX = 40;

/**
 * The longest activity name in UTF-16 code units, so a grapheme piled with combining marks cannot
 * make a name huge: the longest ordinary emoji (a kiss with two skin tones, a subdivision flag)
 * takes 15, and 16 a grapheme leaves room.
 */
export const ACTIVITY_NAME_MAX_UTF16 = ACTIVITY_NAME_MAX * 16;

/** The most activities one user can have, archived ones included. */
export const ACTIVITIES_PER_USER_MAX = 200;

/** The most activities one check-in can name. */
export const ACTIVITIES_PER_CHECK_IN_MAX = 30;

/** Runs of Unicode spaces, control characters (tab, newline) excepted: those stay to be refused. */
const SPACE_RUN = /(?:(?!\p{Cc})\p{White_Space})+/gu;

const CONTROL = /\p{Cc}/u;

/** An activity name as stored: NFC, trimmed, each run of spaces inside made one space. */
export function normalizeActivityName(raw: string): string {
  return raw.normalize('NFC').trim().replace(SPACE_RUN, ' ');
}

let graphemes: Intl.Segmenter | undefined;

/** The length of a name in user-perceived characters (graphemes), as ACTIVITY_NAME_MAX counts it. */
export function activityNameLength(name: string): number {
  // Grapheme clusters do not depend on the locale; a fixed one keeps the server and browsers alike.
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(graphemes.segment(name)).length;
}

/** An activity name normalized and checked: 1 to ACTIVITY_NAME_MAX graphemes, no control character. */
export function checkActivityName(
  raw: string,
): { ok: true; name: string } | { ok: false; reason: 'empty' | 'too-long' | 'control' } {
  const name = normalizeActivityName(raw);
  if (name.length === 0) return { ok: false, reason: 'empty' };
  if (CONTROL.test(name)) return { ok: false, reason: 'control' };
  // A grapheme is at least one UTF-16 unit: a name of at most ACTIVITY_NAME_MAX units is short
  // enough without counting (counting is the costly part of reading a ten-year import).
  const tooLong =
    name.length > ACTIVITY_NAME_MAX_UTF16 ||
    (name.length > ACTIVITY_NAME_MAX && activityNameLength(name) > ACTIVITY_NAME_MAX);
  if (tooLong) return { ok: false, reason: 'too-long' };
  return { ok: true, name };
}

/**
 * The key that keeps a user's activity names unique ignoring case: the normalized name lowercased
 * with toLowerCase, which does not depend on the runtime's locale (no Turkish dotless i), then NFC
 * again. It matches PostgreSQL's lower() on ordinary letters, which the server's unique index on
 * lower(name) uses; lower() follows the database's collation, so for unusual letters (final sigma,
 * dotted capital I) the two can differ, and the server's check is the one that counts.
 */
export function activityNameKey(name: string): string {
  return normalizeActivityName(name).toLowerCase().normalize('NFC');
}
