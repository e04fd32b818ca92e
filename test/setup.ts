// Every test file of every project (vitest setupFiles). Registered here, not where the helpers
// define them: a project that shares modules between its files (isolate: false) evaluates a
// helper once, and a hook registered at its top level would belong to the first file only.
import { afterEach } from 'vitest';
import { afterTest } from './helpers/after-test.js';

afterEach(afterTest);
