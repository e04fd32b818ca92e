import type { Generated } from 'kysely';

// Row types of every table. Flags are 0/1 integers and times are epoch milliseconds so that the
// same values round-trip through SQLite, PostgreSQL and MySQL.

export interface OrgTable {
  id: Generated<number>;
  version: number;
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  created: number;
  updated: number;
}

export interface UsersTable {
  id: Generated<number>;
  uid: string;
  version: number;
  /** lower-cased: logins are case-insensitive */
  login: string;
  /** lower-cased: emails are case-insensitive */
  email: string;
  name: string;
  /** tagged hash, e.g. `scrypt$…`, or a Grafana PBKDF2 hex hash with `salt` */
  password: string;
  salt: string;
  theme: string;
  org_id: number;
  is_admin: number;
  is_disabled: number;
  is_service_account: number;
  is_external: number;
  created: number;
  updated: number;
  last_seen_at: number;
}

export interface OrgUserTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  role: string;
  created: number;
  updated: number;
}

export interface ServerLockTable {
  operation_uid: string;
  version: number;
  last_execution: number;
}

export interface UserAuthTokenTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token and the secret key; the token itself is never stored */
  auth_token: string;
  prev_auth_token: string;
  user_agent: string;
  client_ip: string;
  seen_at: number;
  rotated_at: number;
  created_at: number;
  updated_at: number;
}

/** An external identity of a user (issue #22); token columns hold secrets-service ciphertexts or ''. */
export interface UserAuthTable {
  id: Generated<number>;
  user_id: number;
  /** Grafana's module names: `oauth_generic_oauth`, … */
  auth_module: string;
  /** the provider's subject */
  auth_id: string;
  o_auth_access_token: string;
  o_auth_refresh_token: string;
  o_auth_id_token: string;
  o_auth_token_type: string;
  /** epoch ms; 0 when unknown */
  o_auth_expiry: number;
  created: number;
  updated: number;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  username: string;
  ip_address: string;
  created: number;
}

export interface TeamTable {
  id: Generated<number>;
  uid: string;
  org_id: number;
  name: string;
  email: string;
  created: number;
  updated: number;
}

export interface TeamMemberTable {
  id: Generated<number>;
  org_id: number;
  team_id: number;
  user_id: number;
  /** 0 member, 4 team admin */
  permission: number;
  /** 1: made by team sync at an external sign-in (removed when the user leaves the group) */
  external: Generated<number>;
  created: number;
  updated: number;
}

/** An external group whose members team sync puts in the team. */
export interface TeamGroupTable {
  id: Generated<number>;
  org_id: number;
  team_id: number;
  group_id: string;
  created: number;
  updated: number;
}

export interface ApiKeyTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  /** SHA-256 hex of the whole token */
  key_hash: string;
  role: string;
  service_account_id: number | null;
  expires: number | null;
  last_used_at: number | null;
  is_revoked: number;
  created: number;
  updated: number;
}

export interface PreferencesTable {
  id: Generated<number>;
  /** owner: a user (user_id), a team (team_id) or the org itself (both 0) */
  org_id: number;
  user_id: number;
  team_id: number;
  theme: string;
  timezone: string;
  week_start: string;
  home_dashboard_uid: string;
  json_data: string;
  created: number;
  updated: number;
}

export interface RoleTable {
  id: Generated<number>;
  /** 0 for global roles */
  org_id: number;
  uid: string;
  name: string;
  display_name: string;
  description: string;
  group_name: string;
  hidden: number;
  version: number;
  created: number;
  updated: number;
}

export interface PermissionTable {
  id: Generated<number>;
  role_id: number;
  action: string;
  scope: string;
  created: number;
  updated: number;
}

export interface BuiltinRoleTable {
  id: Generated<number>;
  /** Viewer, Editor, Admin or Grafana Admin */
  role: string;
  role_id: number;
  org_id: number;
  created: number;
}

export interface UserRoleTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  role_id: number;
  created: number;
}

export interface TeamRoleTable {
  id: Generated<number>;
  org_id: number;
  team_id: number;
  role_id: number;
  created: number;
}

export interface DataKeyTable {
  id: string;
  scope: string;
  active: number;
  /** base64 of iv + tag + AES-256-GCM ciphertext of the key, under the key derived from secret_key */
  encrypted_key: string;
  created: number;
}

export interface Tables {
  org: OrgTable;
  users: UsersTable;
  org_user: OrgUserTable;
  server_lock: ServerLockTable;
  user_auth_token: UserAuthTokenTable;
  user_auth: UserAuthTable;
  login_attempt: LoginAttemptTable;
  team: TeamTable;
  team_member: TeamMemberTable;
  team_group: TeamGroupTable;
  api_key: ApiKeyTable;
  preferences: PreferencesTable;
  role: RoleTable;
  permission: PermissionTable;
  builtin_role: BuiltinRoleTable;
  user_role: UserRoleTable;
  team_role: TeamRoleTable;
  data_key: DataKeyTable;
  data_source: DataSourceTable;
  folder: FolderTable;
  dashboard: DashboardTable;
  dashboard_tag: DashboardTagTable;
  dashboard_version: DashboardVersionTable;
  star: StarTable;
  alert_integration: AlertIntegrationTable;
  alert_template: AlertTemplateTable;
  alert_policy: AlertPolicyTable;
  alert_notification_history: AlertNotificationHistoryTable;
  alert_contact_point: AlertContactPointTable;
  alert_rule: AlertRuleTable;
  alert_rule_version: AlertRuleVersionTable;
  alert_instance: AlertInstanceTable;
  alert_state_history: AlertStateHistoryTable;
  alert_scheduler_lease: AlertSchedulerLeaseTable;
  alert_silence: AlertSilenceTable;
  alert_mute_timing: AlertMuteTimingTable;
  alert_inhibition_rule: AlertInhibitionRuleTable;
  alert_dispatch_alert: AlertDispatchAlertTable;
  alert_dispatch_group: AlertDispatchGroupTable;
  alert_notification_log: AlertNotificationLogTable;
  annotation: AnnotationTable;
  annotation_tag: AnnotationTagTable;
  dashboard_snapshot: DashboardSnapshotTable;
  library_element: LibraryElementTable;
  library_element_connection: LibraryElementConnectionTable;
}

export interface DataSourceTable {
  id: Generated<number>;
  org_id: number;
  uid: string;
  /** +1 on every update; a PUT carrying an older one is refused */
  version: number;
  type: string;
  name: string;
  /** `proxy` or `direct` */
  access: string;
  url: string;
  user: string;
  database: string;
  basic_auth: number;
  basic_auth_user: string;
  with_credentials: number;
  is_default: number;
  /** JSON object */
  json_data: string;
  /** JSON object: setting name -> ciphertext */
  secure_json_data: string;
  /** provisioned from a file and not editable through the API */
  read_only: number;
  api_version: string;
  created: number;
  updated: number;
}

export interface FolderTable {
  id: Generated<number>;
  org_id: number;
  uid: string;
  title: string;
  description: string;
  /** '' at the root */
  parent_uid: string;
  version: number;
  created: number;
  updated: number;
  created_by: number;
  updated_by: number;
}

export interface DashboardTable {
  id: Generated<number>;
  org_id: number;
  uid: string;
  title: string;
  /** lower-case title for matching and sorting */
  sort_title: string;
  slug: string;
  /** '' at the root */
  folder_uid: string;
  version: number;
  /** the model JSON as saved, with id, uid and version patched in */
  data: string;
  created: number;
  updated: number;
  created_by: number;
  updated_by: number;
  /**
   * Default grants derived by rule instead of stored as permission rows (issue #26): 1 = the
   * creator (`created_by`) holds Admin on it; cleared when its permissions are first set.
   */
  default_creator_admin: Generated<number>;
  /** 1 = basic roles hold their defaults on it (Editor: Edit, Viewer: View), as at the root */
  default_role_grants: Generated<number>;
  /** provider name, '' when not provisioned */
  provisioner: string;
  provisioned_external_id: string;
  provisioned_checksum: string;
  allow_ui_updates: number;
}

export interface DashboardTagTable {
  id: Generated<number>;
  org_id: number;
  dashboard_id: number;
  term: string;
}

export interface DashboardVersionTable {
  id: Generated<number>;
  dashboard_id: number;
  version: number;
  parent_version: number;
  restored_from: number;
  created: number;
  created_by: number;
  message: string;
  data: string;
}

export interface StarTable {
  id: Generated<number>;
  user_id: number;
  org_id: number;
  dashboard_id: number;
  created: number;
}

/** One row per contact point: its name is unique (case-insensitively) within the organization. */
export interface AlertContactPointTable {
  id: Generated<number>;
  org_id: number;
  /** the name its integrations carry in `alert_integration.name` */
  name: string;
  /** the name lower-cased character by character; unique per org */
  name_key: string;
  created: number;
  updated: number;
}

export interface AlertIntegrationTable {
  id: Generated<number>;
  org_id: number;
  uid: string;
  /** the contact point this integration belongs to */
  name: string;
  type: string;
  /** JSON of the settings without the secure ones */
  settings: string;
  /** JSON map of secure setting path (e.g. `hmacConfig.secret`) to ciphertext */
  secure_settings: string;
  disable_resolve_message: number;
  /** '' (none), 'api' or 'file' */
  provenance: string;
  created: number;
  updated: number;
}

export interface AlertTemplateTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  template: string;
  provenance: string;
  created: number;
  updated: number;
}

export interface AlertPolicyTable {
  id: Generated<number>;
  org_id: number;
  /** JSON of the routing tree */
  tree: string;
  provenance: string;
  updated: number;
}

export interface AlertNotificationHistoryTable {
  id: Generated<number>;
  org_id: number;
  receiver: string;
  integration_uid: string;
  integration_type: string;
  /** 'ok' or 'failed' */
  status: string;
  error: string;
  duration_ms: number;
  send_resolved: number;
  is_test: number;
  created: number;
  /** the dispatcher's group key ('' for a test) */
  group_key: Generated<string>;
  /** `,uid1,uid2,`: the rules whose alerts the notification carried ('' for none) */
  rule_uids: Generated<string>;
  alerts_firing: Generated<number>;
  alerts_resolved: Generated<number>;
}

export interface AnnotationTable {
  id: Generated<number>;
  org_id: number;
  /** null for an organization annotation */
  dashboard_id: number | null;
  panel_id: number;
  user_id: number;
  alert_id: number;
  prev_state: string;
  new_state: string;
  text: string;
  /** JSON object */
  data: string;
  epoch: number;
  epoch_end: number;
  created: number;
  updated: number;
}

export interface AnnotationTagTable {
  id: Generated<number>;
  annotation_id: number;
  org_id: number;
  tag_key: string;
  /** '' for a tag without a value */
  tag_value: string;
}

export interface AlertRuleTable {
  id: Generated<number>;
  org_id: number;
  uid: string;
  folder_uid: string;
  rule_group: string;
  rule_group_index: number;
  title: string;
  condition: string;
  /** JSON array of AlertQuery */
  data: string;
  interval_seconds: number;
  no_data_state: string;
  exec_err_state: string;
  for_seconds: number;
  keep_firing_for_seconds: number;
  /** JSON objects */
  labels: string;
  annotations: string;
  is_paused: number;
  /** JSON object or null */
  notification_settings: string | null;
  /** JSON object or null: set for a recording rule */
  record: string | null;
  missing_series_evals_to_resolve: number | null;
  /** '', 'api' or 'file' */
  provenance: string;
  version: number;
  created: number;
  updated: number;
  updated_by: number | null;
}

export interface AlertRuleVersionTable {
  id: Generated<number>;
  org_id: number;
  rule_uid: string;
  version: number;
  /** JSON: the rule at that version */
  rule: string;
  created: number;
  created_by: number | null;
  message: string;
}

export interface AlertInstanceTable {
  org_id: number;
  rule_uid: string;
  /** FNV-1 64 of the labels, 16 hex digits */
  fingerprint: string;
  /** JSON object */
  labels: string;
  state: string;
  reason: string;
  starts_at: number;
  ends_at: number;
  last_eval_at: number;
  resolved_at: number | null;
  last_sent_at: number | null;
  /** JSON: values, annotations, error */
  detail: string;
}

export interface AlertStateHistoryTable {
  id: Generated<number>;
  org_id: number;
  rule_uid: string;
  rule_title: string;
  folder_uid: string;
  fingerprint: string;
  labels: string;
  /** `State` or `State (Reason)` */
  prev_state: string;
  new_state: string;
  /** JSON object: value by refId */
  value_data: string;
  error: string;
  created: number;
}

export interface AlertSchedulerLeaseTable {
  name: string;
  holder: string;
  expires_at: number;
  version: number;
}

export interface AlertSilenceTable {
  id: Generated<number>;
  org_id: number;
  uid: string;
  /** JSON array of {name, value, isRegex, isEqual} */
  matchers: string;
  starts_at: number;
  ends_at: number;
  created_by: string;
  comment: string;
  updated_at: number;
}

export interface AlertMuteTimingTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  /** JSON array of time intervals */
  time_intervals: string;
  provenance: string;
  version: number;
  created: number;
  updated: number;
}

export interface AlertInhibitionRuleTable {
  id: Generated<number>;
  org_id: number;
  /** metadata.name */
  name: string;
  /** JSON {source_matchers, target_matchers, equal} */
  spec: string;
  /** +1 on every write (compare-and-set) */
  version: number;
  created: number;
  updated: number;
}

export interface AlertDispatchAlertTable {
  org_id: number;
  /** FNV-1a 64 of the labels, 16 hex digits */
  fingerprint: string;
  labels: string;
  annotations: string;
  starts_at: number;
  ends_at: number;
  updated_at: number;
  generator_url: string;
  /** 'rule' or 'api' */
  source: string;
}

export interface AlertDispatchGroupTable {
  org_id: number;
  /** SHA-256 hex of group_key */
  group_hash: string;
  group_key: string;
  receiver: string;
  /** JSON object */
  group_labels: string;
  /** epoch ms; 0 = not scheduled */
  next_flush_at: number;
  flushed_once: number;
  updated_at: number;
}

export interface AlertNotificationLogTable {
  id: Generated<number>;
  org_id: number;
  group_hash: string;
  receiver: string;
  integration: string;
  /** JSON arrays of fingerprints */
  firing: string;
  resolved: string;
  sent_at: number;
  expires_at: number;
}

export interface DashboardSnapshotTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  name: string;
  snapshot_key: string;
  delete_key: string;
  /** JSON: the dashboard model with its frozen data */
  dashboard: string;
  created: number;
  updated: number;
  /** epoch ms; 0: never */
  expires: number;
}

export interface LibraryElementTable {
  id: Generated<number>;
  org_id: number;
  uid: string;
  /** '' for the General folder */
  folder_uid: string;
  name: string;
  /** 1: a panel */
  kind: number;
  /** the model's `type` */
  type: string;
  /** the model's `description` */
  description: string;
  /** JSON: the panel model */
  model: string;
  /** +1 on every PATCH (compare-and-set) */
  version: number;
  created: number;
  created_by: number;
  updated: number;
  updated_by: number;
}

export interface LibraryElementConnectionTable {
  id: Generated<number>;
  org_id: number;
  element_id: number;
  /** 1: a dashboard */
  kind: number;
  dashboard_id: number;
  created: number;
  created_by: number;
}
