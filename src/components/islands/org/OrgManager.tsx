import { lazy, useEffect, useMemo, useState } from 'react';
import { BadgeCheck, Building2, CalendarHeart, Network, Plane, Plus, Users, type LucideIcon } from 'lucide-react';
import { toast } from 'sonner';
import { AppToaster } from '../ui/AppToaster.tsx';
import { SAVED_EVENT } from '#lib/client/api.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { Badge } from '../ui/Badge.tsx';
import { RowActions } from '../ui/RowActions.tsx';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { primaryButton } from '../ui/buttons.ts';
import { ConfirmDeleteDialog } from '../ui/ConfirmDeleteDialog.tsx';
import { ORG_TABLES, type OrgCell, type OrgTableName } from './org-tables.ts';

/** The form (react-hook-form, valibot, the table's schema) loads on the dialog's first opening. */
const OrgForm = lazy(() => import('./OrgForm.tsx').then((m) => ({ default: m.OrgForm })));

type Row = Record<string, unknown> & { _id: number; name: string };

interface Props {
  lang: Language;
  table: OrgTableName;
  /** What the user's role allows; the server checks again. */
  can: { create: boolean; update: boolean; delete: boolean };
  /** Open the add form at once (`?new=1`, the getting-started guide's links). */
  startNew?: boolean;
}

/** What each table's empty state says: what the list is for, and its icon. */
const EMPTY: Record<OrgTableName, { icon: LucideIcon; title: string; text: string }> = {
  company: { icon: Building2, title: 'emptyStates.company.title', text: 'emptyStates.company.text' },
  department: { icon: Network, title: 'emptyStates.department.title', text: 'emptyStates.department.text' },
  jobTitle: { icon: BadgeCheck, title: 'emptyStates.jobTitle.title', text: 'emptyStates.jobTitle.text' },
  leaveType: { icon: Plane, title: 'emptyStates.leaveType.title', text: 'emptyStates.leaveType.text' },
  leaveGroup: { icon: Users, title: 'emptyStates.leaveGroup.title', text: 'emptyStates.leaveGroup.text' },
  holiday: { icon: CalendarHeart, title: 'emptyStates.holiday.title', text: 'emptyStates.holiday.text' },
};

/** List with add, edit and delete for one organisation table (companies ... leave groups). */
export default function OrgManager({ lang, table: name, can, startNew = false }: Props) {
  const t = translator(lang);
  const table = ORG_TABLES[name];
  const [version, setVersion] = useState(0);
  // Closed on the server: the form is a lazy chunk, and rendering it there made React give up on
  // the boundary (error #419) and fall back with inline scripts the CSP blocks (issue 17.10).
  const [editing, setEditing] = useState<Row | 'new' | null>(null);

  useEffect(() => {
    // `?new=1` opens the form once, after hydration; a reload should not open it again.
    if (!startNew) return;
    setEditing('new');
    history.replaceState(null, '', window.location.pathname);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- `?new=1` opens the form once, after hydration
  const [deleting, setDeleting] = useState<Row | null>(null);

  // Writes elsewhere on the page into this table (the holiday import, decision 053) refresh it.
  useEffect(() => {
    const refresh = (e: Event) => {
      const { path, method } = (e as CustomEvent<{ path: string; method: string }>).detail;
      if (method === 'POST' && path.startsWith(`${table.path}/import`)) setVersion((n) => n + 1);
    };
    window.addEventListener(SAVED_EVENT, refresh);
    return () => window.removeEventListener(SAVED_EVENT, refresh);
  }, [table.path]);

  const renderCell = (kind: OrgCell, value: unknown) => {
    switch (kind) {
      case 'count':
        return <span className="tabular-nums">{new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-GB').format(Number(value ?? 0))}</span>;
      case 'days':
        return value === null || value === undefined ? <span className="text-muted">{t('fields.unlimited')}</span> : <span className="tabular-nums">{String(value)}</span>;
      case 'status':
        return <Badge on={value === 'active'}>{t(value === 'active' ? 'status.active' : 'status.disabled')}</Badge>;
      case 'date':
        return (
          <span className="tabular-nums">{typeof value === 'string' ? new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${value}T12:00:00Z`)) : ''}</span>
        );
      case 'list':
        return <span>{Array.isArray(value) ? value.join(', ') : ''}</span>;
      case 'flag':
        return value === true ? <Badge on>{t('fields.drawsFromBalanceYes')}</Badge> : <span className="text-muted">—</span>;
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
    [name, lang], // eslint-disable-line react-hooks/exhaustive-deps -- t and renderCell are rebuilt every render from lang; the columns change with the table (name) and lang
  );

  const addButton = can.create ? (
    <button type="button" className={primaryButton} onClick={() => setEditing('new')} data-testid="add-record">
      <Plus size={18} aria-hidden="true" />
      {t('form.addNew')}
    </button>
  ) : null;

  return (
    <>
      <AppToaster />
      <DataTable<Row>
        lang={lang}
        path={table.path}
        columns={columns}
        defaultSort={table.defaultSort}
        version={version}
        toolbar={addButton}
        empty={
          EMPTY[name]
            ? { icon: EMPTY[name].icon, title: t(EMPTY[name].title), text: can.create ? t(EMPTY[name].text) : `${t(EMPTY[name].text)} ${t('emptyStates.readOnly')}`, action: addButton }
            : { icon: Plus, title: t('table.emptyOrg', { things: t(table.titleKey).toLocaleLowerCase(lang) }), action: addButton }
        }
        rowActions={
          can.update || can.delete ? (row) => <RowActions lang={lang} name={row.name} onEdit={can.update ? () => setEditing(row) : undefined} onDelete={can.delete ? () => setDeleting(row) : undefined} /> : undefined
        }
      />
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('form.addTitle', { thing: t(table.singularKey) }) : t('form.editTitle', { thing: t(table.singularKey) })}
        onClose={() => setEditing(null)}
        closeLabel={t('common.close')}
        loadingLabel={t('common.loading')}
      >
        {editing !== null && (
          <OrgForm
            lang={lang}
            name={name}
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
