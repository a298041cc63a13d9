import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { AppToaster } from '../ui/AppToaster.tsx';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { showFlash } from '#lib/client/flash.ts';
import { RoleList } from './RoleList.tsx';
import { UserList } from './UserList.tsx';

type Tab = 'users' | 'roles';
type Can = { read: boolean; create: boolean; update: boolean; delete: boolean };

interface Props {
  lang: Language;
  timeZone: string;
  actor: { id: number; isSuperAdmin: boolean };
  /** What the role allows on users and on roles; the API checks again. */
  can: { user: Can; role: Can };
  /** Denial texts shown instead of a table the role may not read. */
  denied: { users: string; roles: string };
}

/** The /users page: "Users" and "User roles" tabs (ARIA tabs; `#roles` opens the second). */
export default function UsersAndRoles(props: Props) {
  const { lang, can } = props;
  const t = translator(lang);
  const [tab, setTab] = useState<Tab>('users');
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ users: null, roles: null });

  useEffect(() => {
    if (window.location.hash === '#roles') setTab('roles');
    showFlash();
  }, []);

  const choose = (next: Tab, focus = false) => {
    setTab(next);
    history.replaceState(null, '', next === 'roles' ? '#roles' : window.location.pathname + window.location.search);
    if (focus) tabs.current[next]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) {
      e.preventDefault();
      choose(tab === 'users' ? 'roles' : 'users', true);
    }
  };

  const tabButton = (id: Tab, label: string) => (
    <button
      ref={(el) => {
        tabs.current[id] = el;
      }}
      type="button"
      role="tab"
      id={`tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`panel-${id}`}
      tabIndex={tab === id ? 0 : -1}
      onClick={() => choose(id)}
      onKeyDown={onKey}
      className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold ${tab === id ? 'border-primary text-accent' : 'border-transparent text-muted hover:text-ink'}`}
      data-testid={`tab-${id}`}
    >
      {label}
    </button>
  );

  const denial = (text: string) => (
    <p role="alert" className="rounded-2xl border border-line bg-card p-10 text-center text-muted" data-testid="denied">
      {text}
    </p>
  );

  return (
    <>
      <AppToaster />
      <div role="tablist" aria-label={t('users.sections')} className="mb-5 flex gap-2 border-b border-line">
        {tabButton('users', t('users.tabUsers'))}
        {tabButton('roles', t('resources.role'))}
      </div>
      <div role="tabpanel" id="panel-users" aria-labelledby="tab-users" hidden={tab !== 'users'}>
        {tab === 'users' &&
          (can.user.read ? (
            <UserList lang={lang} timeZone={props.timeZone} actor={props.actor} can={{ create: can.user.create, update: can.user.update, delete: can.user.delete, readRoles: can.role.read }} />
          ) : (
            denial(props.denied.users)
          ))}
      </div>
      <div role="tabpanel" id="panel-roles" aria-labelledby="tab-roles" hidden={tab !== 'roles'}>
        {tab === 'roles' && (can.role.read ? <RoleList lang={lang} can={can.role} /> : denial(props.denied.roles))}
      </div>
    </>
  );
}
