// `npm test` runs this first: the browser specs drive Debian's Chromium at /usr/bin/chromium.
// Installs it when missing (as root with apt-get), otherwise stops before any test with one line.
import { existsSync } from 'node:fs';
import { carryOut, machineFacts, planSystemPackage } from './lib/system-packages.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const plan = planSystemPackage({
  present: existsSync(CHROMIUM),
  ...machineFacts(),
  aptPackages: ['chromium'],
  what: `Chromium (${CHROMIUM}, for the browser specs)`,
});
if (carryOut(plan) && !existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
