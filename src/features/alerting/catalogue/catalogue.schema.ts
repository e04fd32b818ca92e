import { Type, type TSchema } from 'typebox';

/**
 * GET /api/alert-notifiers: Grafana's notifier catalogue, field by field as the reference data
 * (alert-notifiers-v1.json, -v2.json) holds it. The route sends the catalogue as JSON text
 * serialized once at start-up, which Fastify passes through without this schema's serializer: the
 * schema documents the answer.
 */

/** One choice of a select option. */
const SelectOption = Type.Object({ value: Type.String(), label: Type.String() });

/**
 * Options nest through `subformOptions` (a webhook's TLS settings, …): the catalogue goes four
 * levels deep. Below MAX_DEPTH an option is described as free-form rather than with a recursive
 * schema, which the OpenAPI document could not reference.
 */
const MAX_DEPTH = 4;

function notifierOption(depth: number): TSchema {
  const nested =
    depth < MAX_DEPTH ? notifierOption(depth + 1) : Type.Object({}, { additionalProperties: true });
  return Type.Object({
    /** the form control: input, textarea, select, checkbox, string_array, key_value_map, subform, subform_array */
    element: Type.String(),
    inputType: Type.String(),
    label: Type.String(),
    description: Type.String(),
    placeholder: Type.String(),
    /** the setting's name in the integration's settings */
    propertyName: Type.String(),
    selectOptions: Type.Union([Type.Array(SelectOption), Type.Null()]),
    /** shown only when the setting `field` has the value `is` */
    showWhen: Type.Object({ field: Type.String(), is: Type.String() }),
    required: Type.Boolean(),
    validationRule: Type.String(),
    /** kept as a secure field, never shown back */
    secure: Type.Boolean(),
    dependsOn: Type.String(),
    subformOptions: Type.Union([Type.Array(nested), Type.Null()]),
    /** v2 only: may not be changed once set */
    protected: Type.Optional(Type.Boolean()),
  });
}
const NotifierOption = notifierOption(1);

const NotifierFields = {
  type: Type.String(),
  name: Type.String(),
  heading: Type.String(),
  description: Type.String(),
};

/** v1 (the default): one option list per notifier type. */
const NotifierV1 = Type.Object({
  ...NotifierFields,
  info: Type.String(),
  options: Type.Array(NotifierOption),
});

/** v2 (`version=2`): the option lists of each version of the integration. */
const NotifierV2 = Type.Object({
  ...NotifierFields,
  currentVersion: Type.String(),
  info: Type.Optional(Type.String()),
  versions: Type.Array(
    Type.Object({
      /** the type the integration had under this version, when it was another */
      typeAlias: Type.Optional(Type.String()),
      version: Type.String(),
      canCreate: Type.Boolean(),
      options: Type.Array(NotifierOption),
    }),
  ),
});

export const NotifierCatalogueResponse = Type.Union([Type.Array(NotifierV1), Type.Array(NotifierV2)]);
