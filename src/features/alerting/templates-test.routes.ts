import type { Api } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { can } from '../../access/evaluator.js';
import { TestTemplatesBody, TestTemplatesResponse } from './alerting.schema.js';
import type { TemplatesTestService } from './templates-test.service.js';

/** Template preview: `POST /api/alertmanager/{grafana,svc}/config/api/v1/templates/test`. */
export function registerTemplatesTestRoutes(api: Api, service: TemplatesTestService): void {
  for (const product of ['svc', 'grafana']) {
    api.post(
      `/api/alertmanager/${product}/config/api/v1/templates/test`,
      {
        config: { permission: can('alert.notifications:write') },
        schema: { body: TestTemplatesBody, response: { 200: TestTemplatesResponse } },
      },
      async (request) => {
        const { name = '', template, alerts = [] } = request.body;
        return service.test(identityOf(request).orgId, { name, template, alerts });
      },
    );
  }
}
