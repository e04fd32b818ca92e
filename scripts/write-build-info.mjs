// Records the git commit and branch at build time, read by src/lib/build-info.ts for /api/health
// and svc_build_info.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

function git(...args) {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

const info = {
  commit: git('rev-parse', '--short=12', 'HEAD'),
  branch: git('rev-parse', '--abbrev-ref', 'HEAD'),
};
writeFileSync(new URL('../build-info.json', import.meta.url), `${JSON.stringify(info)}\n`);
