// The database's own tools, run for a backup or a restore: how their failures are told.
import { describe, expect, it } from 'vitest';
import { runTool } from './backup';

describe('runTool', () => {
  it('names the signal that ended a tool that crashed, not an exit code of null', async () => {
    // A tool that dies of a signal, as pg_restore does on some damaged dumps.
    await expect(runTool('sh', ['-c', 'echo reading >&2; kill -SEGV $$'])).rejects.toThrow(
      /^sh was ended by signal SIGSEGV: reading$/,
    );
  });

  it('keeps the exit code and the tool’s own message for an ordinary failure', async () => {
    await expect(runTool('sh', ['-c', 'echo no such table >&2; exit 3'])).rejects.toThrow(
      /^sh failed \(3\): no such table$/,
    );
  });
});
