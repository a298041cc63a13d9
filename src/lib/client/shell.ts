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

/**
 * The theme panel is modal: everything beside it (and its backdrop, which closes it on a click)
 * is inert while it is open, so Tab stays in it (WCAG 2.4.3). A stored open panel (panelExpand)
 * is made modal the same way on load.
 */
function makePanelModal(open: boolean): void {
  for (const el of document.body.children) {
    if (el.id === 'theme-panel' || el.classList.contains('panel-backdrop')) continue;
    (el as HTMLElement).inert = open;
  }
}

function setPanel(open: boolean): void {
  setThemeField('panelExpand', open);
  makePanelModal(open);
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
    await api('POST /api/sign-out', { lang, redirectOnExpiry: false });
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

/**
 * The top bar's menu (topBarClassic): entries that do not fit go, last first, into its "More"
 * menu, which then lists exactly those (TopNav.astro). Runs on load, resize and layout change.
 */
function fitTopNav(): void {
  const nav = document.querySelector<HTMLElement>('.nav-top');
  const more = nav?.querySelector<HTMLDetailsElement>('.nav-more');
  if (!nav || !more) return;
  const entries = [...nav.querySelectorAll<HTMLElement>(':scope > [data-nav-index]')];
  const moreItems = [...more.querySelectorAll<HTMLElement>('[data-more-index]')];
  entries.forEach((el) => (el.hidden = false));
  more.hidden = true;
  if (nav.offsetParent === null) return; // another layout: the bar is not shown
  const fits = () => nav.scrollWidth <= nav.clientWidth + 1;
  if (!fits()) {
    more.hidden = false;
    for (let i = entries.length - 1; i >= 0 && !fits(); i--) {
      entries[i]!.hidden = true;
      if (entries[i] instanceof HTMLDetailsElement) (entries[i] as HTMLDetailsElement).open = false;
    }
  }
  const hidden = new Set(entries.filter((el) => el.hidden).map((el) => el.dataset['navIndex']));
  moreItems.forEach((li) => (li.hidden = !hidden.has(li.dataset['moreIndex'])));
  // The page being shown may sit in "More": its summary then shows as the current section.
  more.querySelector('summary')?.classList.toggle('text-accent', !!more.querySelector('li:not([hidden]) [aria-current="page"]'));
}

phone.addEventListener('change', () => setDrawer(false));
$theme.subscribe(syncControls);
$theme.subscribe(() => requestAnimationFrame(fitTopNav));
window.addEventListener('resize', fitTopNav);
fitTopNav();
if (root.dataset['panelExpand'] === 'true') makePanelModal(true);
