/** One difference between two dashboard models, at a JSON path like `panels[0].title`. */
interface Change {
  path: string;
  kind: 'added' | 'deleted' | 'changed';
  before?: unknown;
  after?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Structural differences of two JSON values (arrays compared index by index). */
export function diffJson(before: unknown, after: unknown, path = ''): Change[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: Change[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      const at = `${path}[${i}]`;
      if (i >= after.length) changes.push({ path: at, kind: 'deleted', before: before[i] });
      else if (i >= before.length) changes.push({ path: at, kind: 'added', after: after[i] });
      else changes.push(...diffJson(before[i], after[i], at));
    }
    return changes;
  }
  if (isObject(before) && isObject(after)) {
    const changes: Change[] = [];
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const at = path ? `${path}.${key}` : key;
      if (!(key in after)) changes.push({ path: at, kind: 'deleted', before: before[key] });
      else if (!(key in before)) changes.push({ path: at, kind: 'added', after: after[key] });
      else changes.push(...diffJson(before[key], after[key], at));
    }
    return changes;
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, kind: 'changed', before, after }];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const show = (v: unknown) => escapeHtml(JSON.stringify(v) ?? 'undefined');

/**
 * Grafana's calculate-diff answers with HTML: `basic` is a summary of what changed, `json` the
 * changes as JSON lines marked added/deleted.
 */
export function renderDiff(changes: Change[], type: 'basic' | 'json'): string {
  if (type === 'basic') {
    const items = changes.map((c) => {
      const what =
        c.kind === 'changed'
          ? `${show(c.before)} → ${show(c.after)}`
          : show(c.kind === 'added' ? c.after : c.before);
      return `<li class="diff-${c.kind}"><span class="diff-label">${c.kind}</span> <code>${escapeHtml(c.path)}</code> ${what}</li>`;
    });
    return `<div class="diff-group"><ul class="diff-list">${items.join('')}</ul></div>`;
  }
  const lines = changes.flatMap((c) => {
    const out: string[] = [];
    if (c.kind !== 'added')
      out.push(`<div class="diff-line diff-json-deleted">- ${escapeHtml(c.path)}: ${show(c.before)}</div>`);
    if (c.kind !== 'deleted')
      out.push(`<div class="diff-line diff-json-added">+ ${escapeHtml(c.path)}: ${show(c.after)}</div>`);
    return out;
  });
  return `<div class="delta-html">${lines.join('')}</div>`;
}
