import * as v from 'valibot';

/**
 * POST /api/settings/face-recognition (decision 047): `{enabled: true, acknowledged: true}` turns
 * face recognition on (or, when it is on already, records the acknowledgement of the notice);
 * `{enabled: false, deleteDescriptors}` turns it off and, when asked, deletes every stored face
 * descriptor.
 */
export const FaceSwitchInput = v.variant(
  'enabled',
  [
    v.object({ enabled: v.literal(true), acknowledged: v.optional(v.boolean('validation.required'), false) }),
    v.object({ enabled: v.literal(false), deleteDescriptors: v.optional(v.boolean('validation.required'), false) }),
  ],
  'validation.required',
);
export type FaceSwitchInput = v.InferOutput<typeof FaceSwitchInput>;
