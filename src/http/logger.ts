import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import type { Config } from '../config/config.js';

// Credentials never reach the logs, wherever they appear in a logged object.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secureJsonData',
  '*.secureSettings',
  '*.token',
  '*.key',
];

/** `destination` is for tests; by default logs go to stdout, or to svc.log with `[log] mode = file`. */
export function createLogger(config: Config, destination?: pino.DestinationStream): Logger {
  const options = { level: config.log.level, redact: { paths: REDACT, censor: '[REDACTED]' } };
  if (destination) return pino(options, destination);
  if (config.log.mode === 'file') {
    mkdirSync(config.paths.logs, { recursive: true });
    return pino(options, pino.destination({ dest: join(config.paths.logs, 'svc.log'), sync: false }));
  }
  return pino(options);
}
