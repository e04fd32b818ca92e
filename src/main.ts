import { parseArgs } from './config/args.js';
import { ConfigError, loadConfig } from './config/load.js';
import { projectRoot } from './lib/build-info.js';
import { boundHeapGrowth } from './lib/heap-growth.js';
import { createIdleHeapTrim } from './lib/idle-heap-trim.js';
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

  // process-wide, so here rather than in startServer (tests run many servers in one process)
  boundHeapGrowth();
  const server = await startServer(config);
  const heapTrim = createIdleHeapTrim({
    onTrim: ({ beforeBytes, afterBytes, ms }) =>
      server.logger.debug(
        { heapMb: Math.round(beforeBytes / 2 ** 20), afterMb: Math.round(afterBytes / 2 ** 20), ms },
        'idle: heap collected',
      ),
  });
  heapTrim.start();
  const stop = (signal: NodeJS.Signals) => {
    server.logger.info({ signal }, 'signal received');
    heapTrim.stop();
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
