import type { GettableIntegration, Settings, TestConfigResult } from './types.js';

/** One integration as the contact point form edits it. */
export interface IntegrationDraft {
  /** stable React key */
  key: string;
  /** set once the integration is stored */
  uid?: string;
  type: string;
  /** the values typed or loaded; stored secrets are never here */
  settings: Settings;
  /** stored secrets by dotted path; a reset removes the entry */
  secureFields: Record<string, boolean>;
  disableResolveMessage: boolean;
  provenance?: string;
  /** messages by dotted path ('' = not about one field) */
  errors: Record<string, string>;
  test?: TestConfigResult;
}

let counter = 0;
const nextKey = () => `integration-${++counter}`;

export function newDraft(type: string): IntegrationDraft {
  return { key: nextKey(), type, settings: {}, secureFields: {}, disableResolveMessage: false, errors: {} };
}

export function draftOf(integration: GettableIntegration): IntegrationDraft {
  return {
    key: nextKey(),
    uid: integration.uid,
    type: integration.type,
    settings: integration.settings,
    secureFields: { ...integration.secureFields },
    disableResolveMessage: integration.disableResolveMessage,
    provenance: integration.provenance,
    errors: {},
  };
}
