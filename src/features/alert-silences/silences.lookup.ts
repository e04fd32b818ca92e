/** What the dispatcher (and the Alertmanager alerts API) may ask the silences feature. */
export interface SilencesLookup {
  /** uids of the silences active at `now` whose matchers all match `labels` (empty: not silenced) */
  silencedBy(orgId: number, labels: Readonly<Record<string, string>>, now: number): Promise<string[]>;
}
