import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Inbox, Search, SearchX, TriangleAlert } from 'lucide-react';
import { api } from '#lib/client/api.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { iconButton, inputClass, secondaryButton } from './buttons.ts';
import { EmptyState, type EmptyStateProps } from './EmptyState.tsx';

export interface Column<Row> {
  id: string;
  header: string;
  /** Server sort key; omitted when the column cannot be sorted. */
  sortKey?: string;
  cell: (row: Row) => ReactNode;
}

export interface DataTableProps<Row extends { _id: number }> {
  lang: Language;
  /** API path of the list, e.g. "/departments". */
  path: string;
  columns: Column<Row>[];
  defaultSort: string;
  /** Direction of the default sort (ascending unless told). */
  defaultDir?: 'asc' | 'desc';
  /** Extra query parameters (filters). */
  filters?: Record<string, string>;
  /** Changes to refetch (after a save or delete). */
  version: number;
  toolbar?: ReactNode;
  rowActions?: (row: Row) => ReactNode;
  /** What the list shows before it has any record: icon, title, one sentence, the first action. */
  empty?: Pick<EmptyStateProps, 'icon' | 'title' | 'text' | 'action'>;
  /** Older form of `empty` (text and action only). */
  emptyText?: string;
  emptyAction?: ReactNode;
  /** True while the island's own filters narrow the list: an empty page then offers to clear them. */
  filtered?: boolean;
  /** Title of the "no results" state when the list has its own message (e.g. the spec's "No attendance found!"). */
  noResultsTitle?: string;
  /** Resets the island's filters (the search box is cleared by the table itself). */
  onClearFilters?: () => void;
  /** Told the list's current query (search, sort, filters; page and size left out), e.g. for an export link. */
  onQueryChange?: (params: URLSearchParams) => void;
  /** Row selection (checkbox column); the ids of the selected rows on this page. */
  selection?: { selected: number[]; onChange: (ids: number[]) => void; label: (row: Row) => string };
}

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * A header or cell template, called as a function. TanStack's `flexRender` mounts a function as a
 * component, and the column definitions are rebuilt whenever the selection changes: each rebuild
 * is a new component type, so React replaced every cell, and the checkbox just ticked lost focus
 * to the page (issue 37.16, WCAG 2.4.3). Called, the cells keep their elements.
 */
function renderTemplate<Context>(template: string | ((context: Context) => unknown) | undefined, context: Context): ReactNode {
  return (typeof template === 'function' ? template(context) : template) as ReactNode;
}

/** Server-paginated, sortable, searchable table (TanStack Table in manual mode). */
export function DataTable<Row extends { _id: number }>(props: DataTableProps<Row>) {
  const t = translator(props.lang);
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [sorting, setSorting] = useState<SortingState>([{ id: props.defaultSort, desc: props.defaultDir === 'desc' }]);
  const [state, setState] = useState<{ rows: Row[]; total: number; loading: boolean; error?: string }>({ rows: [], total: 0, loading: true });

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQuery(q.trim());
      setPage(1);
    }, 250);
    return () => window.clearTimeout(timer);
  }, [q]);

  const filterKey = JSON.stringify(props.filters ?? {});
  useEffect(() => {
    let live = true;
    const sort = sorting[0];
    const params = new URLSearchParams({
      q: query,
      page: String(page),
      pageSize: String(pageSize),
      sort: sort?.id ?? props.defaultSort,
      dir: sort?.desc ? 'desc' : 'asc',
      ...(props.filters ?? {}),
    });
    if (props.onQueryChange) {
      const shared = new URLSearchParams(params);
      shared.delete('page');
      shared.delete('pageSize');
      props.onQueryChange(shared);
    }
    setState((s) => ({ ...s, loading: true, error: undefined }));
    api<{ data: Row[]; total: number }>(`${props.path}?${params}`, { lang: props.lang })
      .then((res) => live && setState({ rows: res.data, total: res.total, loading: false }))
      .catch((e: Error) => live && setState({ rows: [], total: 0, loading: false, error: e.message }));
    return () => {
      live = false;
    };
  }, [props.path, query, page, pageSize, sorting, filterKey, props.version]); // eslint-disable-line react-hooks/exhaustive-deps -- props is new every render; the query's own parts are listed (filterKey stands for the filters)

  const selection = props.selection;
  const pageIds = state.rows.map((r) => r._id);
  const allSelected = !!selection && pageIds.length > 0 && pageIds.every((id) => selection.selected.includes(id));
  useEffect(() => {
    // Selection is per page: leaving the page clears it.
    if (selection && selection.selected.some((id) => !pageIds.includes(id))) selection.onChange(selection.selected.filter((id) => pageIds.includes(id)));
  }, [state.rows]); // eslint-disable-line react-hooks/exhaustive-deps -- selection is per page: trimmed when the rows change

  const columns = useMemo<ColumnDef<Row>[]>(
    () => [
      ...(selection
        ? [
            {
              id: '_select',
              header: () => <input type="checkbox" aria-label={t('table.selectAll')} checked={allSelected} onChange={(e) => selection.onChange(e.target.checked ? pageIds : [])} className="h-4 w-4" />,
              enableSorting: false,
              cell: ({ row }: { row: { original: Row } }) => (
                <input
                  type="checkbox"
                  aria-label={selection.label(row.original)}
                  checked={selection.selected.includes(row.original._id)}
                  onChange={(e) => selection.onChange(e.target.checked ? [...selection.selected, row.original._id] : selection.selected.filter((id) => id !== row.original._id))}
                  className="h-4 w-4"
                />
              ),
            } as ColumnDef<Row>,
          ]
        : []),
      ...props.columns.map((c): ColumnDef<Row> => ({
        id: c.sortKey ?? c.id,
        // Sorting happens on the server; TanStack only needs an accessor to allow it.
        accessorFn: (row) => (row as Record<string, unknown>)[c.id],
        header: c.header,
        enableSorting: !!c.sortKey,
        cell: ({ row }) => c.cell(row.original),
      })),
      ...(props.rowActions ? [{ id: '_actions', header: t('table.actions'), enableSorting: false, cell: ({ row }: { row: { original: Row } }) => props.rowActions!(row.original) }] : []),
    ],
    [props.columns, props.rowActions, selection?.selected, allSelected, state.rows], // eslint-disable-line react-hooks/exhaustive-deps -- t and pageIds are rebuilt every render; state.rows and allSelected stand for them
  );

  // Each cell names its column, so the card layout can label it (the header row is hidden there).
  const labels = new Map<string, string>([
    // The row's checkbox carries its own label (the row's name); no column label in a card.
    ['_select', ''],
    ['_actions', t('table.actions')],
    ...props.columns.map((c) => [c.sortKey ?? c.id, c.header] as [string, string]),
  ]);

  const table = useReactTable({
    data: state.rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    rowCount: state.total,
    state: { sorting },
    onSortingChange: (updater) => {
      setSorting(updater);
      setPage(1);
    },
    enableSortingRemoval: false,
    getRowId: (row) => String(row._id),
  });

  const pages = Math.max(1, Math.ceil(state.total / pageSize));
  const from = state.total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(state.total, page * pageSize);

  return (
    <div className="data-table rounded-2xl border border-line bg-card">
      <div className="flex flex-wrap items-center gap-3 border-b border-line p-4">
        <label className="relative min-w-56 flex-1">
          <span className="sr-only">{t('table.search')}</span>
          <Search size={16} aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('table.search')} className={`${inputClass} ps-9`} data-testid="table-search" />
        </label>
        {props.toolbar}
      </div>
      {/* A narrow list shows each row as a card (global.css, container query on .data-table-scroll). */}
      <div className="data-table-scroll overflow-x-auto">
        <table className="w-full text-start text-sm" aria-busy={state.loading}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b border-line">
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      data-column={header.column.id}
                      className="whitespace-nowrap px-4 py-3 text-start text-xs font-semibold uppercase tracking-wide text-muted"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" onClick={header.column.getToggleSortingHandler()} className="inline-flex items-center gap-1 uppercase hover:text-accent">
                          {renderTemplate(header.column.columnDef.header, header.getContext())}
                          {sorted === 'asc' ? (
                            <ArrowUp size={14} aria-hidden="true" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown size={14} aria-hidden="true" />
                          ) : (
                            <ArrowUpDown size={14} aria-hidden="true" className="opacity-50" />
                          )}
                        </button>
                      ) : (
                        renderTemplate(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-b border-line last:border-0 hover:bg-primary-subtle/40">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-4 py-3 align-middle" data-column={cell.column.id} data-label={labels.get(cell.column.id) ?? ''}>
                    {renderTemplate(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {!state.loading && state.rows.length === 0 && (
          <div data-testid="table-empty">
            {state.error ? (
              <EmptyState icon={TriangleAlert} title={state.error} kind="no-results" />
            ) : query || props.filtered ? (
              <EmptyState
                icon={SearchX}
                kind="no-results"
                title={props.noResultsTitle ?? t('emptyStates.noResults.title')}
                text={query ? t('table.noMatches') : t('emptyStates.noResults.text')}
                action={
                  <button
                    type="button"
                    className={secondaryButton}
                    data-testid="empty-clear-filters"
                    onClick={() => {
                      setQ('');
                      setQuery('');
                      setPage(1);
                      props.onClearFilters?.();
                    }}
                  >
                    {t(props.filtered ? 'emptyStates.noResults.clearFilters' : 'emptyStates.noResults.clearSearch')}
                  </button>
                }
              />
            ) : (
              <EmptyState icon={props.empty?.icon ?? Inbox} title={props.empty?.title ?? props.emptyText ?? ''} text={props.empty?.text} action={props.empty ? props.empty.action : props.emptyAction} />
            )}
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3 text-sm text-muted">
        <span data-testid="table-range">{t('table.range', { from, to, total: state.total })}</span>
        <div className="flex items-center gap-2">
          <label className="flex items-center gap-2">
            {t('table.perPage')}
            <select
              value={pageSize}
              onChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(1);
              }}
              className="rounded-lg border border-field bg-card px-2 py-1 text-ink"
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className={iconButton} onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1} aria-label={t('table.previous')}>
            <ChevronLeft size={18} aria-hidden="true" className="rtl:rotate-180" />
          </button>
          <span aria-live="polite">{t('table.page', { page, pages })}</span>
          <button type="button" className={iconButton} onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages} aria-label={t('table.next')}>
            <ChevronRight size={18} aria-hidden="true" className="rtl:rotate-180" />
          </button>
        </div>
      </div>
    </div>
  );
}
