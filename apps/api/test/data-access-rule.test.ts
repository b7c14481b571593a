import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 026: every SQL statement lives in its module's repository; services, presenters and
// routes import no table from db/schema and nothing from drizzle-orm. Checked over the files, so
// a new module (insights, reminders) that reaches the database another way fails here.

const SRC = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Tests and their helpers set up data straight in the tables; the rule is for product code.
    const isTestCode = entry.name.endsWith('.test.ts') || entry.name.endsWith('.test-helpers.ts');
    return entry.name.endsWith('.ts') && !isTestCode ? [full] : [];
  });
}

const files = [
  ...sourceFiles(path.join(SRC, 'modules')),
  ...sourceFiles(path.join(SRC, 'plugins/app')),
];
const nonRepository = files.filter((file) => !file.endsWith('.repository.ts'));
const name = (file: string) => path.relative(SRC, file);
const importing = (pattern: RegExp) =>
  nonRepository.filter((file) => pattern.test(readFileSync(file, 'utf8'))).map(name);

describe('the data-access rule (decision 026)', () => {
  it('finds the modules to check', () => {
    expect(nonRepository.length).toBeGreaterThan(40);
    expect(files.filter((file) => file.endsWith('.repository.ts')).map(name)).toEqual(
      expect.arrayContaining([
        'modules/user/user.repository.ts',
        'modules/task/task.repository.ts',
        'modules/goal/goal.repository.ts',
        'modules/auth/auth-sessions.repository.ts',
      ]),
    );
  });

  it('keeps drizzle-orm out of every file but a repository', () => {
    expect(importing(/from 'drizzle-orm(\/[^']*)?'/)).toEqual([]);
  });

  it('keeps the tables (db/schema) out of every file but a repository', () => {
    expect(importing(/from '[./]*db\/schema(\/[^']*)?'/)).toEqual([]);
  });

  it('takes the per-user lock from the user repository alone', () => {
    const defining = files.filter((file) =>
      /export async function lockUser\(/.test(readFileSync(file, 'utf8')),
    );
    expect(defining.map(name)).toEqual(['modules/user/user.repository.ts']);
  });

  it('ends the sessions of a user but the one in use in one place (endOtherSessions)', () => {
    const callers = files.filter((file) =>
      /deleteSessionsOfUser\(/.test(readFileSync(file, 'utf8')),
    );
    expect(callers.map(name).sort()).toEqual([
      'modules/auth/auth-sessions.repository.ts',
      'modules/auth/session-management.ts',
    ]);
  });
});
