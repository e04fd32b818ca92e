import { ApiError } from '../../api/client.js';
import {
  createReceiver,
  testContactPoint,
  updateReceiver,
  type IntegrationBody,
} from '../../api/alerting.js';
import type { IntegrationDraft } from './draft.js';
import { errorText } from '../../api/client.js';
import { currentOptions, errorDetail, fieldOfError, settingsToSend, validateSettings } from './settings.js';
import type { NotifierType, Receiver, ReceiverIntegration } from './types.js';

const typeOf = (catalogue: NotifierType[], type: string) =>
  catalogue.find((t) => t.type.toLowerCase() === type.toLowerCase());

function bodyOf(name: string, draft: IntegrationDraft): IntegrationBody {
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
function placeError(draft: IntegrationDraft, message: string, catalogue: NotifierType[]): IntegrationDraft {
  const detail = errorDetail(message);
  const field = fieldOfError(detail, currentOptions(typeOf(catalogue, draft.type)));
  return { ...draft, errors: { [field ?? '']: detail } };
}

/** Messages about the contact point itself rather than one integration. */
const isNameError = (message: string) =>
  /name should not be an empty string|name is longer than|spec\.title |contact point name |already exists\. Use a different name/.test(
    message,
  );

/** An integration for the receivers API: stored secrets the user kept are named, never sent. */
function integrationOf(draft: IntegrationDraft): ReceiverIntegration {
  const secureFields = Object.fromEntries(Object.entries(draft.secureFields).filter(([, kept]) => kept));
  return {
    ...(draft.uid ? { uid: draft.uid } : {}),
    type: draft.type,
    disableResolveMessage: draft.disableResolveMessage,
    settings: settingsToSend(draft.settings, {}),
    secureFields,
  };
}

/** The index of the integration a receivers API error is about (its k8s cause `spec.integrations[i]…`). */
function integrationIndex(error: ApiError): number | undefined {
  const body = error.body as { details?: { causes?: { field?: string }[] } } | undefined;
  const field = body?.details?.causes?.[0]?.field ?? '';
  const index = /^spec\.integrations\[(\d+)\]/.exec(field)?.[1];
  return index === undefined ? undefined : Number(index);
}

type SaveOutcome =
  | { ok: true; receiver: Receiver }
  | { ok: false; drafts: IntegrationDraft[]; nameError?: string; error?: string };

/**
 * Stores the contact point with all its integrations in one request of the receivers API: a new
 * one is created, a stored one (`stored`: its receiver uid and version) replaced, integrations
 * left out of the form removed. Nothing is stored when the server refuses it.
 */
export async function saveContactPoint(
  orgId: number,
  name: string,
  drafts: IntegrationDraft[],
  stored: { uid: string; resourceVersion?: string } | undefined,
  catalogue: NotifierType[],
): Promise<SaveOutcome> {
  const current = drafts.map((d): IntegrationDraft => ({ ...d, errors: {}, test: undefined }));
  const body: Receiver = {
    metadata: stored ? { name: stored.uid, resourceVersion: stored.resourceVersion } : {},
    spec: { title: name, integrations: current.map(integrationOf) },
  };
  try {
    const receiver = stored
      ? await updateReceiver(orgId, stored.uid, body)
      : await createReceiver(orgId, body);
    return { ok: true, receiver };
  } catch (error) {
    const message = errorText(error);
    if (error instanceof ApiError && isNameError(message)) {
      return { ok: false, drafts: current, nameError: errorDetail(message) };
    }
    const index = error instanceof ApiError && error.status === 400 ? integrationIndex(error) : undefined;
    if (index !== undefined && current[index]) {
      current[index] = placeError(current[index], message, catalogue);
      return { ok: false, drafts: current, error: `Integration ${index + 1} is not valid.` };
    }
    if (error instanceof ApiError && error.status === 409 && /does not match current version/.test(message)) {
      return {
        ok: false,
        drafts: current,
        error: 'Someone else changed this contact point meanwhile: reload the page to see their changes.',
      };
    }
    return { ok: false, drafts: current, error: `The contact point was not saved: ${message}` };
  }
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
