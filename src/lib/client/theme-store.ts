import { atom } from 'nanostores';
import { normalizeTheme, withLayoutType, type LayoutType, type Theme } from '../../domain/theme/theme.ts';
import { applyTheme } from '../theme/apply-theme.ts';

/** The theme, persisted under the key `theme` (spec section 3) and applied to <html> on change. */
const KEY = 'theme';

function load(): Theme {
  if (typeof localStorage === 'undefined') return normalizeTheme({});
  try {
    return normalizeTheme(JSON.parse(localStorage.getItem(KEY) ?? '{}'));
  } catch {
    return normalizeTheme({});
  }
}

export const $theme = atom<Theme>(load());

$theme.listen((theme) => {
  localStorage.setItem(KEY, JSON.stringify(theme));
  applyTheme(theme, document.documentElement);
});

/** Sets one field and keeps the rest. */
export function setThemeField<K extends keyof Omit<Theme, 'layout'>>(key: K, value: Theme[K]): void {
  $theme.set({ ...$theme.get(), [key]: value });
}

export function setLayoutType(type: LayoutType): void {
  $theme.set(withLayoutType($theme.get(), type));
}

export function setSideNavCollapse(collapsed: boolean): void {
  const theme = $theme.get();
  $theme.set({ ...theme, layout: { ...theme.layout, sideNavCollapse: collapsed } });
}
