import { parseArgs } from './config/args.js';
import { ConfigError, loadConfig } from './config/load.js';
import { projectRoot } from './lib/build-info.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  let config;
  try {
    const args = parseArgs(process.argv.slice(2));
    config = loadConfig({ homepath: args.homepath ?? projectRoot, configFile: args.configFile });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`svc: ${err.message}\n`);
    process.exit(1);
  }

  const server = await startServer(config);
  const stop = (signal: NodeJS.Signals) => {
    server.logger.info({ signal }, 'signal received');
    server.shutdown().then(
      () => process.exit(0),
      (err: unknown) => {
        server.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`svc: start-up failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
