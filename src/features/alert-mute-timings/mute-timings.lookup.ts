/** What the dispatcher and the notification policies may ask the mute timings feature. */
export interface MuteTimingsLookup {
  /** whether `now` falls inside any of the named time intervals (an unknown name counts as outside) */
  inAny(orgId: number, names: readonly string[], now: number): Promise<boolean>;
  /** the org's mute timing names */
  names(orgId: number): Promise<string[]>;
}
