import type { ThemeSchema } from './theme.ts';

/**
 * Colour variables of the five theme schemas (spec section 4), light and dark values.
 * `primary` carries white text (buttons, active items) and must reach WCAG AA (4.5:1) against it;
 * `primary-deep` is the hover shade; `primary-mild` and `primary-subtle` are tints for
 * backgrounds; `neutral` is the text colour on primary-subtle backgrounds... and is checked too.
 */
export interface SchemaColors {
  primary: string;
  primaryDeep: string;
  primaryMild: string;
  primarySubtle: string;
  neutral: string;
}

export const SCHEMA_COLORS: Record<ThemeSchema, { light: SchemaColors; dark: SchemaColors }> = {
  '': {
    light: { primary: '#2a55e5', primaryDeep: '#1e40c0', primaryMild: '#5b7ff0', primarySubtle: '#e8eefd', neutral: '#ffffff' },
    dark: { primary: '#2f5de8', primaryDeep: '#2449c9', primaryMild: '#6d8ff3', primarySubtle: '#1d2a4d', neutral: '#ffffff' },
  },
  dark: {
    light: { primary: '#1f2937', primaryDeep: '#111827', primaryMild: '#4b5563', primarySubtle: '#eceef1', neutral: '#ffffff' },
    dark: { primary: '#4b5563', primaryDeep: '#374151', primaryMild: '#9ca3af', primarySubtle: '#262c36', neutral: '#ffffff' },
  },
  green: {
    light: { primary: '#047857', primaryDeep: '#065f46', primaryMild: '#10b981', primarySubtle: '#e3f6ee', neutral: '#ffffff' },
    dark: { primary: '#047857', primaryDeep: '#065f46', primaryMild: '#34d399', primarySubtle: '#123328', neutral: '#ffffff' },
  },
  purple: {
    light: { primary: '#6d28d9', primaryDeep: '#5b21b6', primaryMild: '#8b5cf6', primarySubtle: '#f0eafd', neutral: '#ffffff' },
    dark: { primary: '#7c3aed', primaryDeep: '#6d28d9', primaryMild: '#a78bfa', primarySubtle: '#2a1f47', neutral: '#ffffff' },
  },
  orange: {
    light: { primary: '#bc3e0b', primaryDeep: '#9a3412', primaryMild: '#f97316', primarySubtle: '#fdeee4', neutral: '#ffffff' },
    dark: { primary: '#bc3e0b', primaryDeep: '#9a3412', primaryMild: '#fb923c', primarySubtle: '#3d2417', neutral: '#ffffff' },
  },
};

/** Page surfaces and text used by the shell, per mode (checked for contrast with the schemas). */
export const SURFACES = {
  light: { page: '#f5f6f8', card: '#ffffff', text: '#111827', muted: '#4b5563', field: '#7c8699' },
  dark: { page: '#0b0f17', card: '#151b26', text: '#f3f4f6', muted: '#a5adbb', field: '#6b7588' },
} as const;

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** CSS custom properties for every schema and mode, keyed by `data-schema` and the `dark` class. */
export function schemaCss(): string {
  const rules: string[] = [];
  for (const [schema, modes] of Object.entries(SCHEMA_COLORS)) {
    const attr = schema === '' ? ':root' : `:root[data-schema="${schema}"]`;
    const vars = (c: SchemaColors) =>
      Object.entries(c)
        .map(([k, v]) => `--${kebab(k)}:${v};`)
        .join('');
    rules.push(`${attr}{${vars(modes.light)}}`);
    rules.push(`${attr}.dark{${vars(modes.dark)}}`);
  }
  return rules.join('\n');
}
