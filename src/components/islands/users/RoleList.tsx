import { lazy, useMemo, useState } from 'react';
import { Plus, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { roleReachText } from '#domain/permissions/role-reach.ts';
import { roleDisplayName } from '#domain/permissions/role-names.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { RowActions } from '../ui/RowActions.tsx';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { primaryButton } from '../ui/buttons.ts';
import { ConfirmDeleteDialog } from '../ui/ConfirmDeleteDialog.tsx';
import type { RoleRow } from './RoleForm.tsx';

/** The form (react-hook-form, valibot, the permissions matrix) loads on the dialog's first opening. */
const RoleForm = lazy(() => import('./RoleForm.tsx').then((m) => ({ default: m.RoleForm })));

/** The "User roles" tab: roles with add, edit (permissions matrix) and delete. */
export function RoleList(props: { lang: Language; can: { create: boolean; update: boolean; delete: boolean } }) {
  const { lang, can } = props;
  const t = translator(lang);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);

  const columns = useMemo<Column<RoleRow>[]>(
    () => [
      {
        id: 'name',
        header: t('roles.name'),
        sortKey: 'name',
        cell: (row) => (
          <span className="inline-flex items-center gap-2 font-medium">
            {roleDisplayName(row.name, t)}
            {row.isDefault && <span className="rounded-full bg-primary-subtle px-2 py-0.5 text-xs font-semibold text-ink">{t('roles.default')}</span>}
          </span>
        ),
      },
      {
        id: 'permissions',
        header: t('roles.permissions'),
        cell: (row) => <span className="text-muted">{roleReachText(row.permissions, t)}</span>,
      },
      { id: 'companyName', header: t('fields.company'), sortKey: 'company', cell: (row) => <span>{row.companyName ?? t('roles.anyCompany')}</span> },
      { id: 'users', header: t('roles.users'), sortKey: 'users', cell: (row) => <span className="tabular-nums">{row.users}</span> },
    ],
    [lang], // eslint-disable-line react-hooks/exhaustive-deps -- t and the cell helpers are rebuilt every render from lang; the columns change only with it
  );

  const addButton = can.create ? (
    <button type="button" className={primaryButton} onClick={() => setEditing('new')} data-testid="add-role">
      <Plus size={18} aria-hidden="true" />
      {t('roles.add')}
    </button>
  ) : null;

  return (
    <>
      <DataTable<RoleRow>
        lang={lang}
        path="/roles"
        columns={columns}
        defaultSort="name"
        version={version}
        toolbar={addButton}
        empty={{ icon: ShieldCheck, title: t('emptyStates.roles.title'), text: t('emptyStates.roles.text'), action: addButton }}
        rowActions={
          can.update || can.delete
            ? (row) => <RowActions lang={lang} name={roleDisplayName(row.name, t)} onEdit={can.update ? () => setEditing(row) : undefined} onDelete={can.delete ? () => setDeleting(row) : undefined} />
            : undefined
        }
      />
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('form.addTitle', { thing: t('roles.singular') }) : t('form.editTitle', { thing: t('roles.singular') })}
        onClose={() => setEditing(null)}
        closeLabel={t('common.close')}
        loadingLabel={t('common.loading')}
        size="lg"
      >
        {editing !== null && (
          <RoleForm
            lang={lang}
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
        target={deleting && { path: `/roles/${deleting._id}`, name: roleDisplayName(deleting.name, t) }}
        thing={t('roles.singular')}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setVersion((n) => n + 1);
        }}
      />
    </>
  );
}
