import v1 from './alert-notifiers-v1.json' with { type: 'json' };
import v2 from './alert-notifiers-v2.json' with { type: 'json' };

/**
 * Grafana's notifier catalogue (v1 and v2 schemas), data taken verbatim from Grafana with the
 * product name in its texts replaced by ours. Loaded once at import; served as is.
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

const catalogueV1: readonly unknown[] = withProductName(v1 as unknown[]);
const catalogueV2: readonly unknown[] = withProductName(v2 as unknown[]);

// Serialized once: the documents are large (v2 ~500 KB) and never change.
const serialized = { v1: JSON.stringify(catalogueV1), v2: JSON.stringify(catalogueV2) };

/** The catalogue as JSON text, ready to send: v1, or v2 for version "2". */
export function notifierCatalogueJson(version: string | undefined): string {
  return version === '2' ? serialized.v2 : serialized.v1;
}
