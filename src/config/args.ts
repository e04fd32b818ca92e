import { ConfigError } from './expand.js';

interface CommandLine {
  configFile?: string;
  homepath?: string;
}

/** `--config <file>`, `--homepath <dir>` (also in the `--flag=value` form). */
export function parseArgs(argv: readonly string[]): CommandLine {
  const result: CommandLine = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (flag !== '--config' && flag !== '--homepath') throw new ConfigError(`unknown argument ${flag}`);
    if (!value) throw new ConfigError(`${flag} needs a value`);
    if (flag === '--config') result.configFile = value;
    else result.homepath = value;
  }
  return result;
}
