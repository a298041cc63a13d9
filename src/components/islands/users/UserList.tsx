import { useMemo, useState } from 'react';
import { LogOut, Plus, UserRound } from 'lucide-react';
import { formatDate, formatTime } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { iconButton, primaryButton } from '../ui/buttons.ts';
import { RowActions } from '../ui/RowActions.tsx';
import { useOptions } from '../ui/use-options.ts';
import { ConfirmActionDialog } from '../ui/ConfirmActionDialog.tsx';
import { ConfirmDeleteDialog } from '../ui/ConfirmDeleteDialog.tsx';
import { ACCOUNT_TYPE_LABELS, StatusBadge } from './user-labels.tsx';
import { roleDisplayName } from '#domain/permissions/role-names.ts';
import type { RoleDto, UserDto } from '#domain/api/records.ts';

type UserRow = Pick<UserDto, '_id' | 'name' | 'email' | 'roleName' | 'accountType' | 'status' | 'lastSignInAt'>;

const filterClass = 'control rounded-lg border border-field bg-card px-3 text-sm text-ink';

/**
 * The "Users" tab: search, role and status filters, and links to the user form. Edit, end
 * sessions (sign the user out everywhere) and delete are offered only where the server would
 * allow them (it checks again).
 */
export function UserList(props: { lang: Language; timeZone: string; actor: { id: number; isSuperAdmin: boolean }; can: { create: boolean; update: boolean; delete: boolean; readRoles: boolean } }) {
  const { lang, can, actor } = props;
  const t = translator(lang);
  const [version, setVersion] = useState(0);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const [ending, setEnding] = useState<UserRow | null>(null);
  const [role, setRole] = useState('');
  const [status, setStatus] = useState('');
  const roles = useOptions<Pick<RoleDto, '_id' | 'name'>>(can.readRoles ? '/roles?pageSize=1000&sort=name' : null, lang);

  const mayTouch = (row: UserRow) => actor.isSuperAdmin || row.accountType !== 'SuperAdmin';

  const columns = useMemo<Column<UserRow>[]>(
    () => [
      { id: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => <span className="font-medium">{row.name}</span> },
      { id: 'email', header: t('common.email'), sortKey: 'email', cell: (row) => <span className="whitespace-nowrap">{row.email}</span> },
      { id: 'roleName', header: t('users.role'), sortKey: 'role', cell: (row) => <span>{roleDisplayName(row.roleName, t)}</span> },
      { id: 'accountType', header: t('users.accountType'), sortKey: 'accountType', cell: (row) => <span>{t(ACCOUNT_TYPE_LABELS[row.accountType])}</span> },
      { id: 'status', header: t('fields.status'), sortKey: 'status', cell: (row) => <StatusBadge lang={lang} status={row.status} /> },
      {
        id: 'lastSignInAt',
        header: t('users.lastSignIn'),
        sortKey: 'lastSignInAt',
        cell: (row) =>
          row.lastSignInAt ? (
            <span className="whitespace-nowrap tabular-nums">
              {formatDate(row.lastSignInAt, lang, props.timeZone)} {formatTime(row.lastSignInAt, lang, props.timeZone)}
            </span>
          ) : (
            <span className="text-muted">{t('users.never')}</span>
          ),
      },
    ],
    [lang], // eslint-disable-line react-hooks/exhaustive-deps -- t and the cell helpers are rebuilt every render from lang; the columns change only with it (timeZone is a fixed prop)
  );

  const addButton = can.create ? (
    <a href="/users-create" className={primaryButton} data-testid="add-user">
      <Plus size={18} aria-hidden="true" />
      {t('users.add')}
    </a>
  ) : null;

  const toolbar = (
    <>
      {can.readRoles && (
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only">{t('users.filterRole')}</span>
          <select value={role} onChange={(e) => setRole(e.target.value)} className={filterClass} data-testid="filter-role">
            <option value="">{t('users.allRoles')}</option>
            {roles.options.map((r) => (
              <option key={r._id} value={r._id}>
                {roleDisplayName(r.name, t)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="flex items-center gap-2 text-sm">
        <span className="sr-only">{t('users.filterStatus')}</span>
        <select value={status} onChange={(e) => setStatus(e.target.value)} className={filterClass} data-testid="filter-status">
          <option value="">{t('users.allStatuses')}</option>
          <option value="enabled">{t('users.enabled')}</option>
          <option value="disabled">{t('users.disabled')}</option>
        </select>
      </label>
      {addButton}
    </>
  );

  return (
    <>
      <DataTable<UserRow>
        lang={lang}
        path="/users"
        columns={columns}
        defaultSort="name"
        filters={{ ...(role ? { role } : {}), ...(status ? { status } : {}) }}
        version={version}
        toolbar={toolbar}
        empty={{ icon: UserRound, title: t('emptyStates.users.title'), text: t('emptyStates.users.text'), action: addButton }}
        filtered={role !== '' || status !== ''}
        noResultsTitle={t('messages.noUsersFound')}
        onClearFilters={() => {
          setRole('');
          setStatus('');
        }}
        rowActions={
          can.update || can.delete
            ? (row) =>
                mayTouch(row) ? (
                  <div className="flex gap-1">
                    {can.update && row._id !== actor.id && (
                      <button type="button" className={iconButton} onClick={() => setEnding(row)} aria-label={t('users.endSessionsNamed', { name: row.name })} title={t('users.endSessions')} data-testid="end-sessions">
                        <LogOut size={16} aria-hidden="true" />
                      </button>
                    )}
                    <RowActions lang={lang} name={row.name} editHref={can.update ? `/users-edit/${row._id}` : undefined} onDelete={can.delete && row._id !== actor.id ? () => setDeleting(row) : undefined} />
                  </div>
                ) : null
            : undefined
        }
      />
      <ConfirmActionDialog
        lang={lang}
        action={
          ending && {
            method: 'DELETE',
            path: `/users/${ending._id}/sessions`,
            title: t('users.endSessions'),
            question: t('users.endSessionsConfirm', { name: ending.name }),
            confirmLabel: t('users.endSessions'),
          }
        }
        onClose={() => setEnding(null)}
      />
      <ConfirmDeleteDialog
        lang={lang}
        target={deleting && { path: `/users/${deleting._id}`, name: deleting.name }}
        thing={t('users.singular')}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setVersion((n) => n + 1);
        }}
      />
    </>
  );
}
