import { adminApi } from './admin-api.js';
import type { BenchContext, Scenario } from './types.js';

/** 50 contact points of two webhook integrations each (one secret apiece), used by a policy. */
async function seedContactPoints(ctx: BenchContext): Promise<void> {
  const names: string[] = [];
  for (let i = 0; i < 50; i++) {
    const name = `bench-cp-${i}`;
    names.push(name);
    // A contact point with several integrations is created whole through the receivers API.
    await adminApi(
      ctx,
      'POST',
      '/apis/notifications.alerting.grafana.app/v0alpha1/namespaces/default/receivers',
      {
        metadata: {},
        spec: {
          title: name,
          integrations: [0, 1].map((j) => ({
            type: 'webhook',
            settings: { url: `http://127.0.0.1:9/${i}/${j}`, username: 'u', password: `secret-${i}-${j}` },
          })),
        },
      },
    );
  }
  await adminApi(ctx, 'PUT', '/api/v1/provisioning/policies', {
    receiver: names[0],
    routes: names.map((name) => ({ receiver: name, object_matchers: [['cp', '=', name]] })),
  });
}

const seeded = new Map<string, Promise<void>>();
/** Seeds a server once, whichever scenario comes first. */
function seedOnce(ctx: BenchContext): Promise<void> {
  let done = seeded.get(ctx.url);
  if (!done) seeded.set(ctx.url, (done = seedContactPoints(ctx)));
  return done;
}

/** Reads of the alerting API over 100 integrations . */
export const alertingScenarios: Scenario[] = [
  {
    name: 'GET /api/v1/provisioning/contact-points (100 integrations)',
    async prepare(ctx) {
      await seedOnce(ctx);
      return { path: '/api/v1/provisioning/contact-points', headers: { authorization: ctx.adminAuth } };
    },
  },
  {
    name: 'GET /api/v1/notifications/receivers (metadata, 50 contact points)',
    async prepare(ctx) {
      await seedOnce(ctx);
      return { path: '/api/v1/notifications/receivers', headers: { authorization: ctx.adminAuth } };
    },
  },
  {
    name: 'GET /api/alert-notifiers',
    prepare: (ctx) => ({ path: '/api/alert-notifiers', headers: { authorization: ctx.adminAuth } }),
  },
];
