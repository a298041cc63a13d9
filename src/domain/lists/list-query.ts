/**
 * Query of a server-paginated list: `q` (search), `page` (from 1), `pageSize` (1-100, default 10),
 * `sort` (one of the list's sortable keys) and `dir`; other parameters are filters. Out-of-range
 * values are clamped, unknown sort keys fall back to the default: a list URL never fails.
 */
export interface ListQuery {
  q: string;
  page: number;
  pageSize: number;
  sort: string;
  dir: 'asc' | 'desc';
  filters: Record<string, string>;
}

export const MAX_PAGE_SIZE = 100;
/**
 * Highest page number: past it a page is clamped here (an empty page, never a 500). Keeps the
 * SQL offset, (page - 1) x pageSize, a safe integer SQLite binds as one (`page=1e20` was a float
 * offset, "datatype mismatch").
 */
export const MAX_PAGE = 1_000_000;
/** Lists that feed a select (all companies, all departments) may ask for this many. */
export const MAX_OPTIONS_PAGE_SIZE = 1000;

export interface ListQueryOptions {
  sortable: readonly string[];
  defaultSort: string;
  defaultDir?: 'asc' | 'desc';
  maxPageSize?: number;
}

function int(value: string | null, fallback: number): number {
  // Number(null) and Number('') are 0: an absent parameter must take the fallback.
  if (value === null || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : Number.isInteger(n) ? Math.sign(n) * Number.MAX_SAFE_INTEGER : fallback;
}

export function parseListQuery(params: URLSearchParams, options: ListQueryOptions): ListQuery {
  const max = options.maxPageSize ?? MAX_OPTIONS_PAGE_SIZE;
  const sort = params.get('sort') ?? '';
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!['q', 'page', 'pageSize', 'sort', 'dir'].includes(key) && value !== '') filters[key] = value.slice(0, 200);
  }
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    page: Math.min(MAX_PAGE, Math.max(1, int(params.get('page'), 1))),
    pageSize: Math.min(max, Math.max(1, int(params.get('pageSize'), 10))),
    sort: options.sortable.includes(sort) ? sort : options.defaultSort,
    dir: params.get('dir') === 'desc' ? 'desc' : params.get('dir') === 'asc' ? 'asc' : (options.defaultDir ?? 'asc'),
    filters,
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
