import type { FieldValues, Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { issuesToFieldKeys } from '../../../domain/auth/auth-schemas.ts';

/** valibot as a react-hook-form resolver; messages stay i18n keys, translated when shown. */
export function valibotResolver(schema: v.GenericSchema): Resolver<FieldValues> {
  return async (values) => {
    const result = v.safeParse(schema, values);
    if (result.success) return { values: result.output as FieldValues, errors: {} };
    const fields = issuesToFieldKeys(result.issues);
    return { values: {}, errors: Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, { type: 'validation', message: key }])) };
  };
}
