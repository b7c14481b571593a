import type { ExportFile } from '@wellspring/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildUser, dumpUserRows } from '../../../test/factories';
import { accountRequests } from './account.test-helpers';

/**
 * A file naming tasks or backgrounds this installation lacks is refused before any rule is
 * checked, with a message naming them (decision 034): each slug once, the first five, and
 * how many more; tasks and backgrounds each in their own message.
 */
describe('POST /account/import names the references this installation lacks', () => {
  const ctx = useTestApp();
  const { exportOf, importInto, seedRichUser } = accountRequests(ctx);
  let template: ExportFile;

  beforeAll(async () => {
    template = await exportOf(await seedRichUser());
  });

  /** Sends the changed template to a fresh account; answers the refusal's message. */
  async function refusal(change: (file: ExportFile) => void): Promise<string> {
    const file = structuredClone(template);
    change(file);
    const user = await buildUser(ctx);
    const before = await dumpUserRows(ctx, user.id);
    const body = expectFail(await importInto(user, file), 400, 'IMPORT_UNKNOWN_REFERENCE');
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    return body.message;
  }

  /** The file with one task more per slug, each a copy of its first task. */
  const withTaskSlugs = (file: ExportFile, slugs: string[]) => {
    for (const slug of slugs) file.tasks.push({ ...file.tasks[0]!, templateSlug: slug });
  };

  it('names seven unknown tasks by their first five, each once, and counts the other two', async () => {
    const message = await refusal((file) =>
      withTaskSlugs(file, ['t1', 't2', 't1', 't3', 't4', 't5', 't6', 't7', 't7']),
    );
    expect(message).toBe(
      'The file names tasks this Wellspring does not have: t1, t2, t3, t4, t5 and 2 more',
    );
  });

  it('names exactly five unknown tasks with no count after them', async () => {
    const message = await refusal((file) => withTaskSlugs(file, ['t1', 't2', 't3', 't4', 't5']));
    expect(message).toBe('The file names tasks this Wellspring does not have: t1, t2, t3, t4, t5');
  });

  it("names unknown backgrounds from the owned list, a goal's reward and the selected one", async () => {
    const message = await refusal((file) => {
      file.backgrounds.push({ slug: 'moon-base', acquiredAt: file.exportedAt });
      file.goals[0]!.rewardBackground = 'sea-floor';
      file.user.selectedBackground = 'cloud-city';
    });
    expect(message).toBe(
      'The file names backgrounds this Wellspring does not have: moon-base, sea-floor, cloud-city',
    );
  });
});
