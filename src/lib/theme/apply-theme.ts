/**
 * Applies a stored theme to the root element. Self-contained on purpose: BaseLayout inlines its
 * source (`applyTheme.toString()`) into a blocking script in <head>, so the choice is applied
 * before first paint; the theme store calls the same function after a change.
 * Values are checked here too because the inline copy reads localStorage directly.
 */
export function applyTheme(raw: unknown, root: HTMLElement): void {
  const t = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const layout = (t['layout'] && typeof t['layout'] === 'object' ? t['layout'] : {}) as Record<string, unknown>;
  const pick = (list: string[], value: unknown, fallback: string) => (typeof value === 'string' && list.indexOf(value) >= 0 ? value : fallback);
  const mode = pick(['light', 'dark'], t['mode'], 'light');
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode !== 'dark');
  root.dir = pick(['ltr', 'rtl'], t['direction'], 'ltr');
  const schema = pick(['', 'dark', 'green', 'purple', 'orange'], t['themeSchema'], '');
  if (schema) root.dataset['schema'] = schema;
  else delete root.dataset['schema'];
  root.dataset['controlSize'] = pick(['xs', 'sm', 'md', 'lg'], t['controlSize'], 'md');
  // A route that fixes its layout (data-route-layout) keeps it; otherwise the user's choice.
  const chosen = pick(['collapsibleSide', 'stackedSide', 'topBarClassic', 'framelessSide', 'contentOverlay', 'blank'], layout['type'], 'collapsibleSide');
  root.dataset['layout'] = root.dataset['routeLayout'] || chosen;
  root.dataset['navCollapsed'] = layout['sideNavCollapse'] === true ? 'true' : 'false';
  root.dataset['panelExpand'] = t['panelExpand'] === true ? 'true' : 'false';
}
