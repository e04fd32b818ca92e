import { provenanceChange } from './alerting.errors.js';

export type Provenance = '' | 'api' | 'file';

/**
 * Grafana's rule for changing a provisioned object: allowed when the stored provenance is none
 * or equals the new one.
 */
export function checkProvenance(stored: string, requested: Provenance): void {
  if (stored !== '' && stored !== requested) throw provenanceChange(stored, requested);
}
