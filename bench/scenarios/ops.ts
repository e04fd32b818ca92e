import type { Scenario } from './types.js';

export const opsScenarios: Scenario[] = [
  { name: 'GET /api/health', prepare: () => ({ path: '/api/health' }) },
  { name: 'GET /healthz', prepare: () => ({ path: '/healthz' }) },
];
