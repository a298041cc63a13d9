import * as v from 'valibot';
import { ACTIONS, RESOURCES } from './permissions.ts';

/** What a role or token allows, as the API answers it: resource -> the actions granted on it. */
export const PermissionsRecord = v.pipe(v.record(v.picklist(RESOURCES), v.array(v.picklist(ACTIONS))), v.description('Resource -> allowed actions; a resource left out allows nothing.'));
