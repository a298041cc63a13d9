import { useMemo, useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Toaster, toast } from 'sonner';
import type { Language } from '../../../i18n/languages.ts';
import { translator } from '../../../i18n/translate.ts';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { iconButton, primaryButton } from '../ui/buttons.ts';
import { ConfirmDeleteDialog } from '../ui/ConfirmDeleteDialog.tsx';
import { OrgForm } from './OrgForm.tsx';
import { ORG_TABLES, type OrgCell, type OrgTableName } from './org-tables.ts';

type Row = Record<string, unknown> & { _id: number; name: string };

interface Props {
  lang: Language;
  table: OrgTableName;
  /** What the user's role allows; the server checks again. */
  can: { create: boolean; update: boolean; delete: boolean };
}

/** List with add, edit and delete for one organisation table (companies ... leave groups). */
export default function OrgManager({ lang, table: name, can }: Props) {
  const t = translator(lang);
  const table = ORG_TABLES[name];
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

  const renderCell = (kind: OrgCell, value: unknown) => {
    switch (kind) {
      case 'count':
        return <span className="tabular-nums">{new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-GB').format(Number(value ?? 0))}</span>;
      case 'days':
        return value === null || value === undefined ? <span className="text-muted">{t('fields.unlimited')}</span> : <span className="tabular-nums">{String(value)}</span>;
      case 'status':
        return (
          <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${value === 'active' ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200'}`}>
            {t(value === 'active' ? 'status.active' : 'status.disabled')}
          </span>
        );
      case 'date':
        return <span className="tabular-nums">{typeof value === 'string' ? new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${value}T12:00:00Z`)) : ''}</span>;
      case 'list':
        return <span>{Array.isArray(value) ? value.join(', ') : ''}</span>;
      default:
        return <span>{String(value ?? '')}</span>;
    }
  };

  const columns = useMemo<Column<Row>[]>(
    () =>
      table.columns.map((c) => ({
        id: c.key,
        header: t(c.label),
        ...('sortKey' in c ? { sortKey: c.sortKey } : {}),
        cell: (row: Row) => (c.key === 'name' ? <span className="font-medium">{row.name}</span> : renderCell(c.cell, row[c.key])),
      })),
    [name, lang],
  );

  const addButton = can.create ? (
    <button type="button" className={primaryButton} onClick={() => setEditing('new')} data-testid="add-record">
      <Plus size={18} aria-hidden="true" />
      {t('form.addNew')}
    </button>
  ) : null;

  return (
    <>
      <Toaster richColors position="top-center" closeButton />
      <DataTable<Row>
        lang={lang}
        path={table.path}
        columns={columns}
        defaultSort={table.defaultSort}
        version={version}
        toolbar={addButton}
        emptyText={t('table.emptyOrg', { things: t(table.titleKey).toLocaleLowerCase(lang) })}
        emptyAction={addButton}
        rowActions={
          can.update || can.delete
            ? (row) => (
                <div className="flex gap-1">
                  {can.update && (
                    <button type="button" className={iconButton} onClick={() => setEditing(row)} aria-label={t('form.editNamed', { name: row.name })} title={t('form.edit')}>
                      <Pencil size={16} aria-hidden="true" />
                    </button>
                  )}
                  {can.delete && (
                    <button type="button" className={iconButton} onClick={() => setDeleting(row)} aria-label={t('form.deleteNamed', { name: row.name })} title={t('form.delete')}>
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
                  )}
                </div>
              )
            : undefined
        }
      />
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('form.addTitle', { thing: t(table.singularKey) }) : t('form.editTitle', { thing: t(table.singularKey) })}
        onClose={() => setEditing(null)}
        closeLabel={t('common.close')}
      >
        {editing !== null && (
          <OrgForm
            lang={lang}
            table={table}
            record={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(message) => {
              toast.success(message);
              setEditing(null);
              setVersion((n) => n + 1);
            }}
          />
        )}
      </Dialog>
      <ConfirmDeleteDialog
        lang={lang}
        target={deleting && { path: `${table.path}/${deleting._id}`, name: deleting.name }}
        thing={t(table.singularKey)}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setVersion((n) => n + 1);
        }}
      />
    </>
  );
}
