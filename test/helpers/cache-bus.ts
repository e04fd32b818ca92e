import type { CacheBus } from '../../src/store/cache-bus.js';

/** The bus of a single instance that hears nothing: always coherent, nothing crosses. */
export const silentSingleInstanceBus = (): CacheBus => ({
  crossInstance: false,
  coherent: true,
  publish: () => {},
  subscribe: () => {},
  onResync: () => {},
  settled: () => undefined,
  close: () => Promise.resolve(),
});
