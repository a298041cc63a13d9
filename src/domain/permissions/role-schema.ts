import * as v from 'valibot';
import { optionalRef } from '../forms/optional-ref.ts';
import { normalizePermissions } from './permissions.ts';

/**
 * Input of a role (spec section 3, "Role"), shared by the role dialog and the server. `name` is
 * required ("Please fill out all fields"); `permissions` maps resource -> actions and is
 * normalised (unknown resources and actions dropped, canonical order); `company` is optional.
 */
const FILL = 'validation.fillAllFields';

const isPlainObject = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x);

export const RoleInput = v.object(
  {
    name: v.pipe(v.string(FILL), v.trim(), v.nonEmpty(FILL), v.maxLength(120, 'validation.tooLong')),
    permissions: v.pipe(v.optional(v.unknown(), {}), v.check(isPlainObject, 'roles.invalidPermissions'), v.transform(normalizePermissions)),
    company: optionalRef(),
  },
  FILL,
);
export type RoleInput = v.InferOutput<typeof RoleInput>;
