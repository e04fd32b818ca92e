import { ApiError } from '../../app/api.js';
import {
  createIntegration,
  deleteIntegration,
  testContactPoint,
  updateIntegration,
  type IntegrationBody,
} from './api.js';
import type { IntegrationDraft } from './draft.js';
import { errorText } from './request.js';
import { currentOptions, errorDetail, fieldOfError, settingsToSend, validateSettings } from './settings.js';
import type { NotifierType } from './types.js';

const typeOf = (catalogue: NotifierType[], type: string) =>
  catalogue.find((t) => t.type.toLowerCase() === type.toLowerCase());

export function bodyOf(name: string, draft: IntegrationDraft): IntegrationBody {
  return {
    ...(draft.uid ? { uid: draft.uid } : {}),
    name,
    type: draft.type,
    settings: settingsToSend(draft.settings, draft.secureFields),
    disableResolveMessage: draft.disableResolveMessage,
  };
}

/** The catalogue's checks on every integration; drafts come back with their messages. */
export function checkDrafts(
  drafts: IntegrationDraft[],
  catalogue: NotifierType[],
): { drafts: IntegrationDraft[]; ok: boolean } {
  let ok = true;
  const checked = drafts.map((draft) => {
    const errors = validateSettings(
      currentOptions(typeOf(catalogue, draft.type)),
      draft.settings,
      draft.secureFields,
    );
    if (Object.keys(errors).length) ok = false;
    return { ...draft, errors };
  });
  return { drafts: checked, ok };
}

/** A server message about one integration, put next to the field it names when it names one. */
export function placeError(
  draft: IntegrationDraft,
  message: string,
  catalogue: NotifierType[],
): IntegrationDraft {
  const detail = errorDetail(message);
  const field = fieldOfError(detail, currentOptions(typeOf(catalogue, draft.type)));
  return { ...draft, errors: { [field ?? '']: detail } };
}

/** Messages about the contact point itself rather than one integration. */
export const isNameError = (message: string) =>
  /name should not be an empty string|name is longer than|contact point name /.test(message);

export type SaveOutcome =
  | { ok: true; drafts: IntegrationDraft[] }
  | { ok: false; drafts: IntegrationDraft[]; nameError?: string; error?: string };

/**
 * Stores the integrations one by one (the provisioning API takes one integration per call): PUT
 * the stored ones, POST the new ones, then DELETE the ones removed from the form. A failure stops
 * there; drafts stored so far keep their new uid so a retry updates them.
 */
export async function saveContactPoint(
  name: string,
  drafts: IntegrationDraft[],
  removedUids: string[],
  catalogue: NotifierType[],
): Promise<SaveOutcome> {
  const current = drafts.map((d): IntegrationDraft => ({ ...d, errors: {}, test: undefined }));
  for (let i = 0; i < current.length; i++) {
    const draft = current[i]!;
    try {
      if (draft.uid) {
        await updateIntegration(draft.uid, bodyOf(name, draft));
      } else {
        const created = await createIntegration(bodyOf(name, draft));
        current[i] = { ...draft, uid: created.uid };
      }
    } catch (error) {
      const message = errorText(error);
      if (error instanceof ApiError && isNameError(message)) {
        return { ok: false, drafts: current, nameError: errorDetail(message) };
      }
      if (error instanceof ApiError && error.status === 400) {
        current[i] = placeError(draft, message, catalogue);
        return { ok: false, drafts: current, error: `Integration ${i + 1} was not saved.` };
      }
      return { ok: false, drafts: current, error: `Integration ${i + 1} was not saved: ${message}` };
    }
  }
  for (const uid of removedUids) {
    try {
      await deleteIntegration(uid);
    } catch (error) {
      return { ok: false, drafts: current, error: `Could not remove an integration: ${errorText(error)}` };
    }
  }
  return { ok: true, drafts: current };
}

/** Sends a test notification through every integration of the form; results land on the drafts. */
export async function testDrafts(
  name: string,
  drafts: IntegrationDraft[],
): Promise<{ drafts: IntegrationDraft[]; error?: string }> {
  try {
    const response = await testContactPoint(
      name,
      drafts.map((draft) => bodyOf(name, draft)),
    );
    const results = response.receivers?.[0]?.svc_managed_receiver_configs;
    if (!results) return { drafts, error: response.message ?? 'The test returned no results.' };
    return { drafts: drafts.map((draft, i) => ({ ...draft, test: results[i] })) };
  } catch (error) {
    return { drafts, error: `Test failed: ${errorText(error)}` };
  }
}
