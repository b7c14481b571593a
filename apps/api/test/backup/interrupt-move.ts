// Moves DATA_DIR ($1) to the new layout and kills itself with SIGKILL after $2 entries moved:
// the interrupted start-up of the layout test.
import { moveToOwnFolder } from '../../src/db/data-layout';

const [dataDir, after] = process.argv.slice(2);
let moved = 0;
moveToOwnFolder(dataDir!, () => {
  moved += 1;
  if (moved === Number(after)) process.kill(process.pid, 'SIGKILL');
});
