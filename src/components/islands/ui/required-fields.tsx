/**
 * Required-field markers, one look in every form (decision 028): a visible "*" after the label,
 * hidden from screen readers, which hear `aria-required` on the control instead. Which fields
 * are required is read from the form's valibot object schema, so the marker cannot disagree with
 * the validation: an entry is required unless it is optional, nullable or nullish.
 */
const OPTIONAL_TYPES = new Set(['optional', 'nullable', 'nullish', 'exact_optional', 'undefinedable']);

interface SchemaLike {
  type: string;
  entries?: Record<string, SchemaLike>;
  pipe?: SchemaLike[];
}

/** A pipe is as optional as its first step (an object pipe with checks, an optional reference). */
const head = (schema: SchemaLike): SchemaLike => (schema.type === 'pipe' && schema.pipe?.[0] ? head(schema.pipe[0]) : schema);

/**
 * The names of the schema's required top-level entries. A field whose emptiness is refused by a
 * later step (a reference that must be chosen) is not seen here: the form names it in `also`.
 */
export function requiredFieldsOf(schema: unknown, also: readonly string[] = []): ReadonlySet<string> {
  const entries = head(schema as SchemaLike).entries ?? {};
  const names = Object.entries(entries)
    .filter(([, entry]) => !OPTIONAL_TYPES.has(head(entry).type))
    .map(([name]) => name);
  return new Set([...names, ...also]);
}

/** The visible marker after a required field's label. */
export function RequiredMark(props: { required: boolean }) {
  return props.required ? (
    <span aria-hidden="true" className="ms-0.5 text-red-700 dark:text-red-400" data-required-mark>
      *
    </span>
  ) : null;
}

/** The one line above a form's fields that explains the marker. */
export function RequiredLegend(props: { text: string }) {
  return (
    <p className="text-xs text-muted" data-testid="required-legend">
      {props.text}
    </p>
  );
}
