import type { FieldValues, Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { issuesToFieldKeys } from '../../../domain/auth/auth-schemas.ts';

/** valibot as a react-hook-form resolver; error messages are i18n keys, translated when shown. */
export function valibotResolver(schema: v.GenericSchema): Resolver<FieldValues> {
  return async (values) => {
    const result = v.safeParse(schema, values);
    if (result.success) return { values: result.output as FieldValues, errors: {} };
    const fields = issuesToFieldKeys(result.issues);
    return { values: {}, errors: Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, { type: 'validation', message: key }])) };
  };
}

/** Client messages are keys ("a.b"); server messages arrive translated (they contain spaces). */
export function fieldMessage(message: unknown, t: (key: string) => string): string | undefined {
  if (typeof message !== 'string' || !message) return undefined;
  return /^[a-z]+\.[A-Za-z.]+$/.test(message) ? t(message) : message;
}
