/**
 * The theme a user chooses, persisted in the browser under the key `theme` with the shape of
 * spec section 3; defaults of section 9. Each field can be set on its own.
 */
export const LAYOUT_TYPES = ['collapsibleSide', 'stackedSide', 'topBarClassic', 'framelessSide', 'contentOverlay', 'blank'] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

/** "" is the default schema. */
export const THEME_SCHEMAS = ['', 'dark', 'green', 'purple', 'orange'] as const;
export type ThemeSchema = (typeof THEME_SCHEMAS)[number];

export const CONTROL_SIZES = ['xs', 'sm', 'md', 'lg'] as const;
export type ControlSize = (typeof CONTROL_SIZES)[number];

/** Height of buttons and inputs per control size, in Tailwind units (spec section 9: 8, 10, 12, 14). */
export const CONTROL_SIZE_UNITS: Record<ControlSize, number> = { xs: 8, sm: 10, md: 12, lg: 14 };

/** Layout constants of spec section 9, in pixels. */
export const LAYOUT_SIZES = {
  sideNavWidth: 290,
  sideNavCollapsedWidth: 80,
  stackedSideNavCollapsedWidth: 80,
  stackedSideNavSecondaryWidth: 270,
  headerHeight: 64,
} as const;

export type Direction = 'ltr' | 'rtl';
export type Mode = 'light' | 'dark';

export interface Theme {
  themeSchema: ThemeSchema;
  direction: Direction;
  mode: Mode;
  panelExpand: boolean;
  controlSize: ControlSize;
  layout: {
    type: LayoutType;
    sideNavCollapse: boolean;
    previousType?: LayoutType;
  };
}

export const DEFAULT_THEME: Readonly<Theme> = {
  themeSchema: '',
  direction: 'ltr',
  mode: 'light',
  panelExpand: false,
  controlSize: 'md',
  layout: { type: 'collapsibleSide', sideNavCollapse: false },
};

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T => (list.includes(value as T) ? (value as T) : fallback);

/** A valid theme from anything stored (unknown values fall back to their defaults). */
export function normalizeTheme(raw: unknown): Theme {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const layout = (r['layout'] && typeof r['layout'] === 'object' ? r['layout'] : {}) as Record<string, unknown>;
  const theme: Theme = {
    themeSchema: oneOf(THEME_SCHEMAS, r['themeSchema'], DEFAULT_THEME.themeSchema),
    direction: oneOf(['ltr', 'rtl'] as const, r['direction'], DEFAULT_THEME.direction),
    mode: oneOf(['light', 'dark'] as const, r['mode'], DEFAULT_THEME.mode),
    panelExpand: typeof r['panelExpand'] === 'boolean' ? r['panelExpand'] : DEFAULT_THEME.panelExpand,
    controlSize: oneOf(CONTROL_SIZES, r['controlSize'], DEFAULT_THEME.controlSize),
    layout: {
      type: oneOf(LAYOUT_TYPES, layout['type'], DEFAULT_THEME.layout.type),
      sideNavCollapse: typeof layout['sideNavCollapse'] === 'boolean' ? layout['sideNavCollapse'] : DEFAULT_THEME.layout.sideNavCollapse,
    },
  };
  if (LAYOUT_TYPES.includes(layout['previousType'] as LayoutType)) {
    theme.layout.previousType = layout['previousType'] as LayoutType;
  }
  return theme;
}

/** Changes the layout type, remembering the previous one (spec: layout.previousType). */
export function withLayoutType(theme: Theme, type: LayoutType): Theme {
  if (theme.layout.type === type) return theme;
  return { ...theme, layout: { ...theme.layout, type, previousType: theme.layout.type } };
}

/** The layout a page shows: a route's own choice wins over the user's. */
export function effectiveLayout(theme: Theme, routeLayout: LayoutType | undefined): LayoutType {
  return routeLayout ?? theme.layout.type;
}
