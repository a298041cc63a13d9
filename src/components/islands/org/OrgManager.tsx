import { useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import { Toaster, toast } from 'sonner';
import type { Language } from '../../../i18n/languages.ts';
import { translator } from '../../../i18n/translate.ts';
import { Badge } from '../ui/Badge.tsx';
import { RowActions } from '../ui/RowActions.tsx';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { primaryButton } from '../ui/buttons.ts';
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
          <Badge on={value === 'active'}>{t(value === 'active' ? 'status.active' : 'status.disabled')}</Badge>
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
                <RowActions
                  lang={lang}
                  name={row.name}
                  onEdit={can.update ? () => setEditing(row) : undefined}
                  onDelete={can.delete ? () => setDeleting(row) : undefined}
                />
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
