/** How a stored integration is shown: Grafana's provisioning shape and its receiver shape. */

import type { IntegrationRow } from './contact-points.store.js';
import { parseSettings, secureFieldsOf, settingsForDisplay } from './integration-secrets.js';
import type { Settings } from './settings-paths.js';

/** Grafana's EmbeddedContactPoint: one integration, secrets as `[REDACTED]` (or in clear). */
export interface EmbeddedContactPoint {
  uid: string;
  name: string;
  type: string;
  settings: Settings;
  disableResolveMessage: boolean;
  provenance?: string;
}

/** Grafana's GettableGrafanaReceiver: secrets left out, named in `secureFields`. */
export interface GettableIntegration {
  uid: string;
  name: string;
  type: string;
  disableResolveMessage: boolean;
  settings: Settings;
  secureFields: Record<string, boolean>;
  provenance?: string;
}

const provenanceOf = (row: IntegrationRow) => (row.provenance ? { provenance: row.provenance } : {});

export function gettable(row: IntegrationRow): GettableIntegration {
  return {
    uid: row.uid,
    name: row.name,
    type: row.type,
    disableResolveMessage: row.disable_resolve_message === 1,
    settings: parseSettings(row.settings),
    secureFields: secureFieldsOf(row),
    ...provenanceOf(row),
  };
}

/** The provisioning shape; `secretValues` (decrypted) shows the secrets in clear. */
export function embedded(row: IntegrationRow, secretValues?: Record<string, string>): EmbeddedContactPoint {
  return {
    uid: row.uid,
    name: row.name,
    type: row.type,
    settings: settingsForDisplay(row, secretValues),
    disableResolveMessage: row.disable_resolve_message === 1,
    ...provenanceOf(row),
  };
}
