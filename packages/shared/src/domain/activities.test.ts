import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITIES_PER_CHECK_IN_MAX,
  ACTIVITIES_PER_USER_MAX,
  ACTIVITY_GROUP_LABELS,
  ACTIVITY_GROUPS,
  ACTIVITY_ICONS,
  ACTIVITY_NAME_MAX,
  activityNameKey,
  activityNameLength,
  checkActivityName,
  DEFAULT_ACTIVITIES,
  isActivityIcon,
  normalizeActivityName,
} from './activities';

/** The type declarations of the lucide-react the web app ships (hoisted to the root). */
const LUCIDE_TYPES = fileURLToPath(
  new URL('../../../../node_modules/lucide-react/dist/lucide-react.d.ts', import.meta.url),
);

/** The icons lucide-react declares in their own right and does not mark deprecated. */
function lucideIcons(): Set<string> {
  const types = readFileSync(LUCIDE_TYPES, 'utf8');
  const exported = new Set(
    (/^export \{ (.*) \};$/m.exec(types)?.[1] ?? '')
      .split(', ')
      .map((entry) => entry.split(' as ').at(-1)),
  );
  const icons = new Set<string>();
  for (const match of types.matchAll(/^declare const (\w+): LucideIcon;$/gm)) {
    const name = match[1] ?? '';
    const doc = types.slice(types.lastIndexOf('/**', match.index), match.index);
    if (exported.has(name) && !doc.includes('@deprecated')) icons.add(name);
  }
  return icons;
}

describe('activity groups', () => {
  it('names the seven groups with a heading each', () => {
    expect(ACTIVITY_GROUPS).toEqual([
      'sleep',
      'people',
      'health',
      'hobbies',
      'chores',
      'work',
      'place',
    ]);
    expect(ACTIVITY_GROUP_LABELS).toEqual({
      sleep: 'Sleep',
      people: 'People',
      health: 'Health',
      hobbies: 'Hobbies',
      chores: 'Chores',
      work: 'Work',
      place: 'Weather and place',
    });
  });
});

describe('activity icons', () => {
  it('offers 30 to 60 distinct icons', () => {
    expect(ACTIVITY_ICONS.length).toBeGreaterThanOrEqual(30);
    expect(ACTIVITY_ICONS.length).toBeLessThanOrEqual(60);
    expect(new Set(ACTIVITY_ICONS).size).toBe(ACTIVITY_ICONS.length);
  });

  it('offers only icons the installed lucide-react exports, none deprecated', () => {
    expect(existsSync(LUCIDE_TYPES)).toBe(true);
    const icons = lucideIcons();
    expect(icons.has('Moon')).toBe(true);
    expect(ACTIVITY_ICONS.filter((icon) => !icons.has(icon))).toEqual([]);
  });

  it.each(['Moon', 'House', 'EighthNotes'])('treats %s as an icon', (icon) => {
    expect(isActivityIcon(icon)).toBe(true);
  });

  it.each([['moon'], ['Home'], ['Trash2'], [''], [null], [undefined], [3], [{}]])(
    'does not treat %j as an icon',
    (value) => {
      expect(isActivityIcon(value)).toBe(false);
    },
  );
});

describe('default activities', () => {
  it.each(ACTIVITY_GROUPS)('start %s with 3 to 6 activities', (group) => {
    const count = DEFAULT_ACTIVITIES.filter((activity) => activity.group === group).length;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(6);
  });

  it('are about thirty, in no group but the seven', () => {
    expect(DEFAULT_ACTIVITIES.length).toBeGreaterThanOrEqual(25);
    expect(DEFAULT_ACTIVITIES.length).toBeLessThanOrEqual(35);
    for (const activity of DEFAULT_ACTIVITIES) expect(ACTIVITY_GROUPS).toContain(activity.group);
  });

  it('have names unique ignoring case', () => {
    const keys = DEFAULT_ACTIVITIES.map((activity) => activityNameKey(activity.name));
    expect(new Set(keys).size).toBe(DEFAULT_ACTIVITIES.length);
  });

  it('each have an offered icon', () => {
    for (const activity of DEFAULT_ACTIVITIES) expect(isActivityIcon(activity.icon)).toBe(true);
  });

  it('each have a name that passes the check unchanged, in sentence case', () => {
    for (const { name } of DEFAULT_ACTIVITIES) {
      expect(checkActivityName(name)).toEqual({ ok: true, name });
      expect(name.slice(1)).toBe(name.slice(1).toLowerCase());
    }
  });

  it('fit within the per-user limit', () => {
    expect(DEFAULT_ACTIVITIES.length).toBeLessThan(ACTIVITIES_PER_USER_MAX);
  });
});

describe('activity limits', () => {
  it('are those of the issue', () => {
    expect(ACTIVITY_NAME_MAX).toBe(40);
    expect(ACTIVITIES_PER_USER_MAX).toBe(200);
    expect(ACTIVITIES_PER_CHECK_IN_MAX).toBe(30);
  });
});

describe('normalizeActivityName', () => {
  it('trims and makes each run of spaces inside one space', () => {
    expect(normalizeActivityName('  Walk   the\u00a0\u3000dog  ')).toBe('Walk the dog');
    expect(normalizeActivityName('\tWalk\n')).toBe('Walk');
  });

  it('composes to NFC', () => {
    expect(normalizeActivityName('Cafe\u0301')).toBe('Caf\u00e9');
  });

  it('leaves control characters inside for the check to refuse', () => {
    expect(normalizeActivityName('Walk\nthe dog')).toBe('Walk\nthe dog');
  });
});

describe('activityNameLength', () => {
  it('counts user-perceived characters, not code units', () => {
    expect(activityNameLength('Walk')).toBe(4);
    expect(activityNameLength('🙂🙂')).toBe(2);
    expect(activityNameLength('👨‍👩‍👧‍👦')).toBe(1);
    expect(activityNameLength('🇯🇵')).toBe(1);
    expect(activityNameLength('नमस्ते')).toBe(3);
    expect(activityNameLength('Cafe\u0301')).toBe(4);
  });
});

describe('checkActivityName', () => {
  it('returns the normalized name', () => {
    expect(checkActivityName('  Walk   the dog ')).toEqual({ ok: true, name: 'Walk the dog' });
  });

  it.each([[''], ['   '], ['\n\t ']])('refuses %j as empty', (raw) => {
    expect(checkActivityName(raw)).toEqual({ ok: false, reason: 'empty' });
  });

  it('takes 40 characters of Latin, emoji, Devanagari or Japanese, and refuses 41', () => {
    for (const character of ['a', '🙂', '👨‍👩‍👧‍👦', '👩🏽‍❤️‍💋‍👨🏿', 'नि', '日']) {
      const name = character.repeat(40);
      expect(checkActivityName(name)).toEqual({ ok: true, name });
      expect(checkActivityName(name + character)).toEqual({ ok: false, reason: 'too-long' });
    }
  });

  it('counts after trimming', () => {
    expect(checkActivityName(` ${'a'.repeat(40)} `)).toEqual({ ok: true, name: 'a'.repeat(40) });
  });

  it('refuses one character piled with combining marks as too long', () => {
    expect(checkActivityName(`e${'\u0301'.repeat(1000)}`)).toEqual({
      ok: false,
      reason: 'too-long',
    });
  });

  it.each([['Walk\u0000'], ['Walk\nthe dog'], ['Walk\tthe dog'], ['Walk\u007f'], ['\u0085']])(
    'refuses %j for its control character',
    (raw) => {
      expect(checkActivityName(raw)).toEqual({ ok: false, reason: 'control' });
    },
  );
});

describe('activityNameKey', () => {
  it('is the same for names that differ in case and spacing', () => {
    expect(activityNameKey('Walk')).toBe(activityNameKey(' walk '));
    expect(activityNameKey('Time  ALONE')).toBe(activityNameKey('time alone'));
    expect(activityNameKey('CAFE\u0301')).toBe(activityNameKey('caf\u00e9'));
  });

  it('differs for different names', () => {
    expect(activityNameKey('Walk')).not.toBe(activityNameKey('Walks'));
  });

  it('lowercases the same whatever the locale, with no Turkish dotless i', () => {
    expect(activityNameKey('IN')).toBe('in');
  });
});
