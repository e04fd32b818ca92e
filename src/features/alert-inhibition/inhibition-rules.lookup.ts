/** An alert as the inhibitor sees it. */
export interface InhibitingAlert {
  fingerprint: string;
  labels: Readonly<Record<string, string>>;
}

/**
 * The org's rules applied to one alert: the fingerprints of the alerts among `firing` (the org's
 * alerts firing now) that inhibit an alert with `labels`; empty when it is not inhibited.
 */
export type Inhibitor = (
  labels: Readonly<Record<string, string>>,
  firing: readonly InhibitingAlert[],
) => string[];

/** What the dispatcher and the alerts API ask of the inhibition rules (cached, no query per alert). */
export interface InhibitionLookup {
  /** undefined when the org has no inhibition rule (nothing to check, no firing alerts to gather) */
  inhibitor(orgId: number): Promise<Inhibitor | undefined>;
}
