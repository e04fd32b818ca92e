import type { AlertRule } from '../alert-rules/alert-rule.js';

/** The rule facts the state machine needs besides the rule itself. */
export interface RuleContext {
  rule: AlertRule;
  /** `grafana_folder` of every instance */
  folderTitle: string;
  /** the server's root URL, without a trailing slash (generator URLs, `externalURL`) */
  externalUrl: string;
}
