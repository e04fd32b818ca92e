/**
 * Grafana's notifier catalogue (v1 and v2 schemas), data taken verbatim from Grafana with the
 * product name in its texts replaced by ours. Loaded at the first request, not at start-up (the
 * documents were 290 KB of the 4 MB bundle compiled at every start, and only the contact point
 * editor asks for them); served as is.
 */

// Grafana compat: "Grafana IRM" names another product (the on-call service) and
// `X-Grafana-Alerting-Signature` is a wire header; both stay. Host names are lower-case and stay.
const PRODUCT_NAME = /(?<![-\w])Grafana(?![-\w]| IRM)/g;

/** Replaces the product name in every string of a JSON document (keys untouched). */
function withProductName<T>(value: T): T {
  if (typeof value === 'string') return value.replace(PRODUCT_NAME, 'svc') as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withProductName(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withProductName(item as unknown)]),
    ) as T;
  }
  return value;
}

// Serialized once: the documents are large (v2 ~500 KB) and never change.
let serialized: Promise<{ v1: string; v2: string }> | undefined;

function load(): Promise<{ v1: string; v2: string }> {
  return (serialized ??= Promise.all([
    import('./alert-notifiers-v1.json', { with: { type: 'json' } }),
    import('./alert-notifiers-v2.json', { with: { type: 'json' } }),
  ]).then(([v1, v2]) => ({
    v1: JSON.stringify(withProductName(v1.default as unknown[])),
    v2: JSON.stringify(withProductName(v2.default as unknown[])),
  })));
}

/** The catalogue as JSON text, ready to send: v1, or v2 for version "2". */
export async function notifierCatalogueJson(version: string | undefined): Promise<string> {
  const { v1, v2 } = await load();
  return version === '2' ? v2 : v1;
}
