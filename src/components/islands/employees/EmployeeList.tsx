import { useEffect, useMemo, useState } from 'react';
import { Archive, ArchiveRestore, Eye, MailX, Pencil, Plus, Printer, Send, Trash2, UserPlus, Users } from 'lucide-react';
import { InvitationSheet, type SheetEntry } from './InvitationSheet.tsx';
import type { InviteInput } from '#domain/accounts/account-links.ts';
import { ACCOUNT_STATUS_LABELS } from '#domain/accounts/account-status.ts';
import { toast } from 'sonner';
import { AppToaster } from '../ui/AppToaster.tsx';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { showFlash } from '#lib/client/flash.ts';
import { Badge } from '../ui/Badge.tsx';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { compactSelect, dangerButton, iconButton, primaryButton, secondaryButton } from '../ui/buttons.ts';
import type { CompanyDto, DepartmentDto, EmployeeDto } from '#domain/api/records.ts';
import { formatBalance } from '#domain/worktime/hours-balance-format.ts';
import { apiFailure } from '#lib/client/use-api-action.ts';

type EmployeeRow = Pick<EmployeeDto, '_id' | 'fullName' | 'email' | 'nationalId' | 'departmentName' | 'jobTitleName' | 'companyName' | 'status' | 'image' | 'hoursBalanceSeconds' | 'account'>;

const ACCOUNT_TONE: Record<NonNullable<EmployeeRow['account']>, string> = {
  joined: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  invited: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  expired: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  none: 'px-0 text-muted',
};

interface Props {
  lang: Language;
  /** `invite`: user.create on an account that sees every employee (decision 066). */
  can: { create: boolean; update: boolean; delete: boolean; archive: boolean; invite?: boolean };
  departments: Pick<DepartmentDto, '_id' | 'name'>[];
  companies: Pick<CompanyDto, '_id' | 'name'>[];
}

/** The employee register: search, filters, sort, pagination, select and delete or archive. */
export default function EmployeeList({ lang, can, departments, companies }: Props) {
  const t = translator(lang);
  const [status, setStatus] = useState<'active' | 'archived' | ''>('active');
  const [department, setDepartment] = useState('');
  const [company, setCompany] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [version, setVersion] = useState(0);
  const [confirm, setConfirm] = useState<'delete' | 'inviteAll' | null>(null);
  const [sheet, setSheet] = useState<SheetEntry[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => showFlash(), []);

  const filters = useMemo(() => {
    // Each row's hours balance (decision 049).
    const f: Record<string, string> = { withBalance: '1' };
    if (status) f['status'] = status;
    if (department) f['department'] = department;
    if (company) f['company'] = company;
    return f;
  }, [status, department, company]);

  const columns = useMemo<Column<EmployeeRow>[]>(
    () => [
      {
        id: 'name',
        header: t('employees.name'),
        sortKey: 'name',
        cell: (e) => (
          <a href={`/employee-details/${e._id}`} className="flex items-center gap-3 font-medium hover:text-accent">
            <span className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-primary-subtle text-xs font-semibold text-accent" aria-hidden="true">
              {e.fullName
                .split(' ')
                .map((p) => p[0])
                .slice(0, 2)
                .join('')}
            </span>
            {e.fullName}
          </a>
        ),
      },
      {
        id: 'email',
        header: t('common.email'),
        sortKey: 'email',
        // The worker's account under the address it signs in with (decision 066): no wider table.
        cell: (e) => (
          <div className="flex flex-col items-start gap-1">
            {e.email}
            {can.invite && e.account && (
              <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${ACCOUNT_TONE[e.account]}`} data-testid="account-status">
                {t(ACCOUNT_STATUS_LABELS[e.account])}
              </span>
            )}
          </div>
        ),
      },
      { id: 'nationalId', header: t('employees.nationalId'), cell: (e) => <span className="tabular-nums">{e.nationalId}</span> },
      { id: 'department', header: t('fields.department'), sortKey: 'department', cell: (e) => e.departmentName },
      { id: 'jobTitle', header: t('employees.jobTitle'), sortKey: 'jobTitle', cell: (e) => e.jobTitleName },
      {
        id: 'hoursBalance',
        header: t('balance.columns.balance'),
        cell: (e) =>
          e.hoursBalanceSeconds === null || e.hoursBalanceSeconds === undefined ? (
            <span className="text-muted">—</span>
          ) : (
            // Isolated left to right: under RTL "−17 h 44 min" would read "h 44 min 17−".
            <bdi dir="ltr" className={`whitespace-nowrap tabular-nums ${e.hoursBalanceSeconds < 0 ? 'text-rose-700 dark:text-rose-300' : ''}`} data-testid="employee-hours-balance">
              {formatBalance(e.hoursBalanceSeconds, lang)}
            </bdi>
          ),
      },
      {
        id: 'status',
        header: t('fields.status'),
        cell: (e) => <Badge on={e.status === 'active'}>{t(e.status === 'active' ? 'employees.statusActive' : 'employees.statusArchived')}</Badge>,
      },
    ],
    [lang, can.invite], // eslint-disable-line react-hooks/exhaustive-deps -- t and the cell helpers are rebuilt every render from lang; the columns change only with it
  );

  async function bulk(action: 'archive' | 'restore' | 'delete') {
    setBusy(true);
    let done = 0;
    const failures: string[] = [];
    for (const id of selected) {
      try {
        if (action === 'delete') await api('DELETE /api/employees/{id}', { params: [id], lang });
        else await api('POST /api/employees/{id}/archive', { params: [id], body: { archived: action === 'archive' }, lang });
        done += 1;
      } catch (e) {
        failures.push(apiFailure(e, t('errors.somethingWentWrong')).message);
      }
    }
    setBusy(false);
    setConfirm(null);
    setSelected([]);
    setVersion((n) => n + 1);
    if (done > 0) toast.success(t(action === 'delete' ? 'employees.bulkDeleted' : action === 'archive' ? 'employees.bulkArchived' : 'employees.bulkRestored', { count: done }));
    for (const message of [...new Set(failures)]) toast.error(message);
  }

  /** Invites (or invites again) by email, or makes the printable sheet; says who was skipped and why. */
  async function invite(body: InviteInput) {
    setBusy(true);
    try {
      const answer = await api('POST /api/invitations', { body, lang });
      if (body.delivery === 'sheet') setSheet(answer.data.invited.flatMap(({ url, ...e }) => (url === undefined ? [] : [{ ...e, url }])));
      toast.success(answer.message);
      for (const skipped of answer.data.skipped) toast.error(skipped.message);
      setSelected([]);
      setVersion((n) => n + 1);
    } catch (e) {
      toast.error(apiFailure(e, t('errors.somethingWentWrong')).message);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }

  async function revoke(id: number) {
    setBusy(true);
    try {
      const answer = await api('DELETE /api/employees/{id}/invitation', { params: [id], lang });
      toast.success(answer.message);
      setVersion((n) => n + 1);
    } catch (e) {
      toast.error(apiFailure(e, t('errors.somethingWentWrong')).message);
    } finally {
      setBusy(false);
    }
  }

  const addLink = can.create ? (
    <a href="/employee-create" className={primaryButton} data-testid="add-employee">
      <Plus size={18} aria-hidden="true" />
      {t('form.addNew')}
    </a>
  ) : null;

  return (
    <>
      <AppToaster />
      <DataTable<EmployeeRow>
        lang={lang}
        path="/employees"
        columns={columns}
        defaultSort="name"
        filters={filters}
        version={version}
        empty={
          status === 'archived'
            ? { icon: Archive, title: t('employees.noneArchived'), text: t('emptyStates.employees.archivedText') }
            : {
                icon: UserPlus,
                title: t('emptyStates.employees.title'),
                text: t(can.create ? 'emptyStates.employees.text' : 'emptyStates.employees.readOnly'),
                action: can.create ? (
                  <a href="/employee-create" className={primaryButton} data-testid="empty-add-employee">
                    <Plus size={18} aria-hidden="true" />
                    {t('emptyStates.employees.add')}
                  </a>
                ) : null,
              }
        }
        filtered={department !== '' || company !== ''}
        onClearFilters={() => {
          setStatus('active');
          setDepartment('');
          setCompany('');
        }}
        selection={can.delete || can.archive || can.invite ? { selected, onChange: setSelected, label: (e) => t('employees.select', { name: e.fullName }) } : undefined}
        toolbar={
          <>
            <select aria-label={t('fields.status')} value={status} onChange={(e) => setStatus(e.target.value as typeof status)} className={compactSelect} data-testid="status-filter">
              <option value="active">{t('employees.statusActive')}</option>
              <option value="archived">{t('employees.statusArchived')}</option>
              <option value="">{t('employees.statusAll')}</option>
            </select>
            <select aria-label={t('fields.department')} value={department} onChange={(e) => setDepartment(e.target.value)} className={compactSelect}>
              <option value="">{t('employees.allDepartments')}</option>
              {departments.map((d) => (
                <option key={d._id} value={d._id}>
                  {d.name}
                </option>
              ))}
            </select>
            {companies.length > 1 && (
              <select aria-label={t('fields.company')} value={company} onChange={(e) => setCompany(e.target.value)} className={compactSelect}>
                <option value="">{t('employees.allCompanies')}</option>
                {companies.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
            {can.invite && status !== 'archived' && (
              <button type="button" className={secondaryButton} onClick={() => setConfirm('inviteAll')} disabled={busy} data-testid="invite-all">
                <Users size={16} aria-hidden="true" />
                {t('invitations.inviteAll')}
              </button>
            )}
            {addLink}
          </>
        }
        rowActions={(e) => (
          <div className="flex gap-1">
            <a href={`/employee-details/${e._id}`} className={iconButton} aria-label={t('employees.viewNamed', { name: e.fullName })} title={t('employees.view')}>
              <Eye size={16} aria-hidden="true" />
            </a>
            {can.invite && e.status === 'active' && e.account !== 'joined' && (
              <button
                type="button"
                className={iconButton}
                onClick={() => invite({ employees: [e._id], delivery: 'email' })}
                disabled={busy}
                aria-label={t(e.account === 'none' ? 'invitations.inviteNamed' : 'invitations.resendNamed', { name: e.fullName })}
                title={t(e.account === 'none' ? 'invitations.invite' : 'invitations.resend')}
                data-testid="invite-one"
              >
                <Send size={16} aria-hidden="true" />
              </button>
            )}
            {can.invite && e.account === 'invited' && (
              <button
                type="button"
                className={iconButton}
                onClick={() => revoke(e._id)}
                disabled={busy}
                aria-label={t('invitations.revokeNamed', { name: e.fullName })}
                title={t('invitations.revoke')}
                data-testid="revoke-invitation"
              >
                <MailX size={16} aria-hidden="true" />
              </button>
            )}
            {can.update && (
              <a href={`/employee-edit/${e._id}`} className={iconButton} aria-label={t('form.editNamed', { name: e.fullName })} title={t('form.edit')}>
                <Pencil size={16} aria-hidden="true" />
              </a>
            )}
          </div>
        )}
      />
      {selected.length > 0 && (
        <div
          role="region"
          aria-label={t('employees.selection')}
          className="sticky bottom-4 z-20 mx-auto mt-4 flex w-fit flex-wrap items-center gap-3 rounded-2xl border border-line bg-card px-4 py-3 shadow-lg"
          data-testid="bulk-bar"
        >
          <span className="text-sm font-medium">{t('employees.selectedCount', { count: selected.length })}</span>
          {can.invite && status !== 'archived' && (
            <>
              <button type="button" className={secondaryButton} onClick={() => invite({ employees: selected, delivery: 'email' })} disabled={busy} data-testid="bulk-invite">
                <Send size={16} aria-hidden="true" />
                {t('invitations.inviteSelected')}
              </button>
              <button type="button" className={secondaryButton} onClick={() => invite({ employees: selected, delivery: 'sheet' })} disabled={busy} data-testid="bulk-sheet">
                <Printer size={16} aria-hidden="true" />
                {t('invitations.printSheet')}
              </button>
            </>
          )}
          {can.archive && status !== 'archived' && (
            <button type="button" className={secondaryButton} onClick={() => bulk('archive')} disabled={busy} data-testid="bulk-archive">
              <Archive size={16} aria-hidden="true" />
              {t('employees.archive')}
            </button>
          )}
          {can.archive && status === 'archived' && (
            <button type="button" className={secondaryButton} onClick={() => bulk('restore')} disabled={busy}>
              <ArchiveRestore size={16} aria-hidden="true" />
              {t('employees.restore')}
            </button>
          )}
          {can.delete && (
            <button type="button" className={dangerButton} onClick={() => setConfirm('delete')} disabled={busy} data-testid="bulk-delete">
              <Trash2 size={16} aria-hidden="true" />
              {t('form.delete')}
            </button>
          )}
        </div>
      )}
      <Dialog open={confirm === 'inviteAll'} title={t('invitations.confirmAllTitle')} onClose={() => setConfirm(null)} closeLabel={t('common.close')} size="sm">
        <p className="mb-6">{t('invitations.confirmAllText')}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => setConfirm(null)}>
            {t('form.cancel')}
          </button>
          <button type="button" className={secondaryButton} onClick={() => invite({ all: true, delivery: 'sheet' })} disabled={busy}>
            <Printer size={16} aria-hidden="true" />
            {t('invitations.printSheet')}
          </button>
          <button type="button" className={primaryButton} onClick={() => invite({ all: true, delivery: 'email' })} disabled={busy} data-testid="confirm-invite-all">
            <Send size={16} aria-hidden="true" />
            {t('invitations.inviteSelected')}
          </button>
        </div>
      </Dialog>
      {sheet && <InvitationSheet lang={lang} entries={sheet} expiresOn={new Date(Date.now() + 7 * 86_400_000).toLocaleDateString(lang)} onClose={() => setSheet(null)} />}
      <Dialog open={confirm === 'delete'} title={t('employees.deleteTitle', { count: selected.length })} onClose={() => setConfirm(null)} closeLabel={t('common.close')} size="sm">
        <p className="mb-1">{t('employees.deleteQuestion', { count: selected.length })}</p>
        <p className="mb-6 text-sm text-muted">{t('messages.cannotBeUndone')}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => setConfirm(null)}>
            {t('form.cancel')}
          </button>
          <button type="button" className={dangerButton} onClick={() => bulk('delete')} disabled={busy} data-testid="confirm-delete">
            {t('form.delete')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
