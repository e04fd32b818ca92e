import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The Grafana release whose HTTP API svc answers as: `/api/health` `version` reports it, because
 * Grafana's clients read that field as a Grafana version and turn features off below the one they
 * need. Rule (README, "Version reporting"): raised only when svc serves what that release serves
 * for the APIs it implements; svc's own version is `X-Svc-Version` and `svc_build_info`.
 */
export const GRAFANA_API_VERSION = '12.0.0';

export interface BuildInfo {
  version: string;
  commit: string;
  branch: string;
}

/** The project root: src/ and dist/ both sit one level below it. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Version from package.json; commit and branch as recorded by `npm run build`
 * (scripts/write-build-info.mjs writes build-info.json), "unknown" when never built.
 */
export function readBuildInfo(): BuildInfo {
  const pkg = JSON.parse(readFileSync(`${projectRoot}package.json`, 'utf8')) as { version: string };
  let recorded: Partial<BuildInfo> = {};
  try {
    recorded = JSON.parse(readFileSync(`${projectRoot}build-info.json`, 'utf8')) as Partial<BuildInfo>;
  } catch {
    // not built from a git checkout
  }
  return { version: pkg.version, commit: recorded.commit ?? 'unknown', branch: recorded.branch ?? 'unknown' };
}
