import type { Clock } from '../../lib/clock.js';
import { TemplateError } from '../../lib/gotemplate/index.js';
import { buildNotificationData, createNotificationTemplates, type AlertInput } from './templates/index.js';
import type { TemplatesService } from './templates.service.js';

/** Grafana's TestTemplatesResults: each template the tested text defines, rendered or failed. */
interface TemplatesTestResult {
  results?: { name: string; text: string; scope: 'root' }[];
  errors?: { name?: string; kind: 'invalid_template' | 'execute_error'; message: string }[];
}

// Grafana's fixed test context: receiver "TestReceiver", group labels {group_label: "group_label_value"}.
const RECEIVER = 'TestReceiver';
const GROUP_LABELS = { group_label: 'group_label_value' };

/** The names a template text `define`s, in order (a text without any is defined under its name). */
function definedNames(name: string, text: string): string[] {
  const names = [...text.matchAll(/\{\{-?\s*define\s+("(?:[^"\\]|\\.)*"|`[^`]*`)/g)].map((m) => {
    const literal = m[1]!;
    return literal.startsWith('`') ? literal.slice(1, -1) : (JSON.parse(literal) as string);
  });
  return names.length ? [...new Set(names)] : [name];
}

/**
 * POST …/config/api/v1/templates/test: renders a template group as it would be saved (replacing
 * the org's group of the same name, next to the others and the defaults) against the given alerts,
 * so users can preview without saving.
 */
export function createTemplatesTestService(deps: {
  templates: TemplatesService;
  clock: Clock;
  externalUrl: string;
}) {
  return {
    async test(orgId: number, input: { name: string; template: string; alerts: AlertInput[] }) {
      const others = (await deps.templates.list(orgId)).filter((t) => t.name !== input.name);
      let set;
      try {
        set = createNotificationTemplates([...others, { name: input.name, template: input.template }]);
      } catch (err) {
        if (!(err instanceof TemplateError)) throw err;
        return {
          errors: [{ name: input.name, kind: 'invalid_template', message: err.message }],
        } satisfies TemplatesTestResult;
      }
      const data = buildNotificationData(input.alerts, {
        receiver: RECEIVER,
        externalUrl: deps.externalUrl,
        groupLabels: GROUP_LABELS,
        now: new Date(deps.clock.now()),
      });
      const outcome: Required<TemplatesTestResult> = { results: [], errors: [] };
      for (const name of definedNames(input.name, input.template.trim())) {
        const rendered = set.execute(name, data);
        if (rendered.error)
          outcome.errors.push({ name, kind: 'execute_error', message: rendered.error.message });
        else outcome.results.push({ name, text: rendered.output, scope: 'root' });
      }
      // Grafana compat: empty lists are left out (omitempty).
      return {
        ...(outcome.results.length ? { results: outcome.results } : {}),
        ...(outcome.errors.length ? { errors: outcome.errors } : {}),
      } satisfies TemplatesTestResult;
    },
  };
}

export type TemplatesTestService = ReturnType<typeof createTemplatesTestService>;
