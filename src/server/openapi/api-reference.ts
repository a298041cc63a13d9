import { openApiJson } from './openapi-document.ts';

export interface ReferenceOperation {
  method: string;
  path: string;
  public: boolean;
  authority: string[];
  records: string | null;
  /** Top-level body fields, from the request schema (none for a generic or missing body). */
  fields: { name: string; required: boolean }[];
}

type Schema = { properties?: Record<string, unknown>; required?: string[]; anyOf?: Schema[]; oneOf?: Schema[] };

/** The fields of an operation this page reads (openapi-document.ts writes every one of them). */
type Operation = {
  tags: string[];
  security: unknown[];
  'x-authority': string[];
  'x-records'?: string;
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
};

function fieldsOf(schema: Schema | undefined): { name: string; required: boolean }[] {
  if (!schema) return [];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const seen = new Map<string, boolean>();
    for (const f of variants.flatMap(fieldsOf)) seen.set(f.name, (seen.get(f.name) ?? false) || f.required);
    return [...seen].map(([name, required]) => ({ name, required }));
  }
  return Object.keys(schema.properties ?? {}).map((name) => ({ name, required: schema.required?.includes(name) ?? false }));
}

/** The OpenAPI document as the `/api-docs` page lists it: operations grouped by tag, in table order. */
export function apiReference(version: string): { tag: string; operations: ReferenceOperation[] }[] {
  // The cached document (built once per process), so the page costs no schema conversion.
  const doc = JSON.parse(openApiJson(version)) as { paths: Record<string, Record<string, Operation>> };
  const groups = new Map<string, ReferenceOperation[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags[0]!;
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({
        method: method.toUpperCase(),
        path,
        public: op.security.length === 0,
        authority: op['x-authority'],
        records: op['x-records'] ?? null,
        fields: fieldsOf(op.requestBody?.required ? op.requestBody.content['application/json']!.schema : undefined),
      });
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations }));
}
