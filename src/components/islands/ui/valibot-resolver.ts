import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';

/** Any valibot schema (sync) with object input, as a form's schema. */
export type FormSchema = v.GenericSchema<FieldValues, FieldValues>;
/**
 * What the form's fields hold: the schema's input (strings from inputs, before the schema converts
 * them), and '' in any field not filled in or chosen yet (the schema answers that with its message).
 */
export type FormInput<S extends FormSchema> = Blankable<v.InferInput<S>>;
type Blankable<T> = { [K in keyof T]: T[K] | '' };
/** What the submit handler receives: the schema's output (the resolver hands it on). */
export type FormOutput<S extends FormSchema> = v.InferOutput<S>;

/**
 * valibot as a react-hook-form resolver; error messages are i18n keys, translated when shown.
 * Typed from the schema: `useForm<FormInput<S>, unknown, FormOutput<S>>({ resolver: valibotResolver(S) })`.
 */
export function valibotResolver<S extends FormSchema>(schema: S): Resolver<FormInput<S>, unknown, FormOutput<S>> {
  return async (values) => {
    const result = v.safeParse(schema, values);
    if (result.success) return { values: result.output as FormOutput<S>, errors: {} };
    const fields = issuesToFieldKeys(result.issues);
    const errors = Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, { type: 'validation', message: key }]));
    return { values: {}, errors: errors as FieldErrors<FormInput<S>> };
  };
}

/** Client messages are keys ("a.b"); server messages arrive translated (they contain spaces). */
export function fieldMessage(message: unknown, t: (key: string) => string): string | undefined {
  if (typeof message !== 'string' || !message) return undefined;
  return /^[a-z]+\.[A-Za-z.]+$/.test(message) ? t(message) : message;
}

/** The message of the field `name` (a field path, possibly nested), for helpers that take names as strings. */
export function fieldError<T extends FieldValues>(errors: FieldErrors<T>, name: string): unknown {
  return (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
}
