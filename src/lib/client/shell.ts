import { isLanguage } from '../../i18n/languages.ts';
import { LAYOUT_TYPES, type LayoutType, type Theme } from '../../domain/theme/theme.ts';
import { api } from './api.ts';
import { switchLanguage } from './language.ts';
import { clearSession } from './session-store.ts';
import { forgetShell } from './offline-shell.ts';
import { $theme, setLayoutType, setSideNavCollapse, setThemeField } from './theme-store.ts';

/**
 * Behaviour of the app shell (server-rendered markup, no framework): menu toggle and drawer,
 * dropdowns, theme panel controls, language switch, sign-out. Wired by data attributes.
 */
const root = document.documentElement;
const lang = isLanguage(root.lang) ? root.lang : 'es';
const phone = window.matchMedia('(max-width: 1023px)');

function fieldValue(theme: Theme, field: string): string {
  if (field === 'layout') return theme.layout.type;
  return String(theme[field as keyof Theme] ?? '');
}

/** Marks the current choice of every theme control. */
function syncControls(theme: Theme): void {
  document.querySelectorAll<HTMLElement>('[data-theme-field]').forEach((el) => {
    const pressed = fieldValue(theme, el.dataset['themeField']!) === (el.dataset['themeValue'] ?? '');
    el.setAttribute('aria-pressed', String(pressed));
  });
}

function setDrawer(open: boolean): void {
  root.classList.toggle('nav-open', open);
  document.querySelector('[data-action="toggle-nav"]')?.setAttribute('aria-expanded', String(open));
}

function toggleNav(): void {
  const overlay = root.dataset['layout'] === 'contentOverlay' || root.dataset['layout'] === 'blank';
  if (phone.matches || overlay) setDrawer(!root.classList.contains('nav-open'));
  else setSideNavCollapse(!$theme.get().layout.sideNavCollapse);
}

function setPanel(open: boolean): void {
  setThemeField('panelExpand', open);
  const target = open ? document.querySelector<HTMLElement>('#theme-panel [data-action="close-panel"]') : document.querySelector<HTMLElement>('[data-action="open-panel"]');
  window.setTimeout(() => target?.focus(), 50);
}

/** Leaves the blank layout for the one chosen before it (the default when there is none). */
function restoreLayout(): void {
  const { type, previousType } = $theme.get().layout;
  setLayoutType(previousType && previousType !== 'blank' ? previousType : type === 'blank' ? 'collapsibleSide' : type);
}

async function signOut(): Promise<void> {
  // The personal clock's kept page goes first, while the session still stands: once the server has
  // ended it, any request the page still makes is answered 401 and would navigate to the sign-in
  // page with a redirect before this one does.
  await forgetShell();
  try {
    await api('/sign-out', { method: 'POST', lang, redirectOnExpiry: false });
  } catch {
    // Signed out in the browser even when the call fails (spec section 4).
  }
  clearSession();
  window.location.assign('/sign-in');
}

function applyThemeControl(el: HTMLElement): void {
  const field = el.dataset['themeField']!;
  const value = el.dataset['themeValue'] ?? '';
  switch (field) {
    case 'layout':
      if (LAYOUT_TYPES.includes(value as LayoutType)) setLayoutType(value as LayoutType);
      break;
    case 'mode':
    case 'direction':
    case 'themeSchema':
    case 'controlSize':
      setThemeField(field, value as never);
      break;
  }
}

document.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  // Close dropdowns when clicking elsewhere.
  document.querySelectorAll<HTMLDetailsElement>('details.dropdown[open]').forEach((d) => {
    if (!d.contains(target)) d.open = false;
  });
  // An item of the blank layout's floating menu closes that menu once chosen.
  const floating = target.closest('.blank-layout-menu li') ? target.closest<HTMLDetailsElement>('details.blank-layout-menu') : null;
  if (floating) floating.open = false;
  const control = target.closest<HTMLElement>('[data-theme-field]');
  if (control) return applyThemeControl(control);
  const action = target.closest<HTMLElement>('[data-action]');
  switch (action?.dataset['action']) {
    case 'toggle-nav':
      return toggleNav();
    case 'close-nav':
      return setDrawer(false);
    case 'toggle-mode':
      return setThemeField('mode', $theme.get().mode === 'dark' ? 'light' : 'dark');
    case 'open-panel':
      return setPanel(true);
    case 'close-panel':
      return setPanel(false);
    case 'set-language': {
      const next = action.dataset['lang'];
      if (isLanguage(next) && next !== lang) switchLanguage(next);
      return;
    }
    case 'restore-layout':
      return restoreLayout();
    case 'sign-out':
      void signOut();
      return;
  }
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const open = document.querySelector<HTMLDetailsElement>('details.dropdown[open]');
  if (open) {
    open.open = false;
    open.querySelector('summary')?.focus();
  } else if (root.dataset['panelExpand'] === 'true') {
    setPanel(false);
  } else if (root.classList.contains('nav-open')) {
    setDrawer(false);
  }
});

phone.addEventListener('change', () => setDrawer(false));
$theme.subscribe(syncControls);
