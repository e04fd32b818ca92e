import type { ComponentType } from 'react';
import type { NotifierOption, Settings } from './types.js';

/** What every generated field needs besides its own option and value. */
export interface FieldContext {
  /** unique per integration, so ids of two integrations' fields differ */
  idPrefix: string;
  /** stored secrets by dotted path (shown as "configured", never their value) */
  secureFields: Record<string, boolean>;
  /** messages by dotted path, client-side and from the server */
  errors: Record<string, string>;
  readOnly: boolean;
  resetSecure: (path: string) => void;
}

export const fieldId = (context: FieldContext, path: string) =>
  `${context.idPrefix}-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** The props of a control made for one option of the catalogue. */
export interface FieldProps<T> {
  option: NotifierOption;
  /** dotted path of the value in the integration's settings */
  path: string;
  value: unknown;
  context: FieldContext;
  onChange: (value: T) => void;
}

/** The props of one level of settings (OptionsForm). */
export interface LevelProps {
  options: NotifierOption[];
  /** the settings object at this level */
  values: Settings;
  /** dotted path of this level, with a trailing dot ('' at the top) */
  prefix: string;
  context: FieldContext;
  onChange: (values: Settings) => void;
}

/**
 * The component that renders a level (OptionsForm), handed down so that a field holding nested
 * levels (a subform array) renders them without importing the form that contains it.
 */
export type LevelComponent = ComponentType<LevelProps>;
