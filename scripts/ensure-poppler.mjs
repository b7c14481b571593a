// `npm test` runs this first: the API's PDF tests read the clinician's report back with Debian's
// poppler-utils (pdftotext, pdfinfo). Installs it when missing (as root with apt-get), otherwise
// stops before any test with one line.
import { existsSync } from 'node:fs';
import { carryOut, machineFacts, planSystemPackage } from './lib/system-packages.mjs';

const TOOLS = ['/usr/bin/pdftotext', '/usr/bin/pdfinfo'];
const isPresent = () => TOOLS.every((tool) => existsSync(tool));
const plan = planSystemPackage({
  present: isPresent(),
  ...machineFacts(),
  aptPackages: ['poppler-utils'],
  what: 'poppler-utils (/usr/bin/pdftotext and pdfinfo, for the PDF report tests)',
});
if (carryOut(plan) && !isPresent()) {
  console.error(`apt-get finished but ${TOOLS.join(' or ')} is still missing.`);
  process.exit(1);
}
