import { describe, expect, it } from 'vitest';
import { blend, contrastRatio } from '../../src/domain/theme/contrast.ts';
import { SCHEMA_COLORS, schemaCss, SURFACES } from '../../src/domain/theme/schemas.ts';
import { CONTROL_SIZE_UNITS, DEFAULT_THEME, effectiveLayout, LAYOUT_SIZES, LAYOUT_TYPES, normalizeTheme, THEME_SCHEMAS, withLayoutType } from '../../src/domain/theme/theme.ts';

describe('theme', () => {
  it('has the defaults of spec sections 3 and 9', () => {
    expect(DEFAULT_THEME).toEqual({
      themeSchema: '',
      direction: 'ltr',
      mode: 'light',
      panelExpand: false,
      controlSize: 'md',
      layout: { type: 'collapsibleSide', sideNavCollapse: false },
    });
    expect(LAYOUT_TYPES).toEqual(['collapsibleSide', 'stackedSide', 'topBarClassic', 'framelessSide', 'contentOverlay', 'blank']);
    expect(CONTROL_SIZE_UNITS).toEqual({ xs: 8, sm: 10, md: 12, lg: 14 });
    expect(Object.values(LAYOUT_SIZES)).toEqual([290, 80, 80, 270, 64]);
  });

  it('normalizes stored values field by field', () => {
    expect(normalizeTheme(null)).toEqual(DEFAULT_THEME);
    expect(normalizeTheme({ mode: 'dark', direction: 'sideways', layout: { type: 'blank', previousType: 'nope' } })).toEqual({
      ...DEFAULT_THEME,
      mode: 'dark',
      layout: { type: 'blank', sideNavCollapse: false },
    });
    expect(normalizeTheme({ themeSchema: 'green', controlSize: 'lg', panelExpand: true }).themeSchema).toBe('green');
  });

  it('remembers the previous layout type', () => {
    const t = withLayoutType(DEFAULT_THEME, 'topBarClassic');
    expect(t.layout).toEqual({ type: 'topBarClassic', sideNavCollapse: false, previousType: 'collapsibleSide' });
    expect(withLayoutType(t, 'topBarClassic')).toBe(t);
    expect(effectiveLayout(t, 'blank')).toBe('blank');
    expect(effectiveLayout(t, undefined)).toBe('topBarClassic');
  });
});

describe('schemas meet WCAG AA', () => {
  it('blends a colour at an opacity over its background', () => {
    expect(blend('#ffffff', '#000000', 0.9)).toBe('#e6e6e6');
    expect(blend('#ffffff', '#c2410c', 0.9)).toBe('#f9ece7');
    // The orange primary of before issue 37 failed with white at 90 % (4.48:1).
    expect(contrastRatio(blend('#ffffff', '#c2410c', 0.9), '#c2410c')).toBeLessThan(4.5);
  });

  it('white text on primary (buttons, active items), in light and dark, for every schema', () => {
    for (const schema of THEME_SCHEMAS) {
      for (const mode of ['light', 'dark'] as const) {
        const c = SCHEMA_COLORS[schema][mode];
        expect(contrastRatio(c.neutral, c.primary), `${schema || 'default'} ${mode}`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(c.neutral, c.primaryDeep), `${schema || 'default'} ${mode} hover`).toBeGreaterThanOrEqual(4.5);
        // The sign-in page's brand panel sets its smaller text in white at 90 % opacity (AuthLayout's opacity-90).
        expect(contrastRatio(blend(c.neutral, c.primary, 0.9), c.primary), `${schema || 'default'} ${mode} at 90 %`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('accent text (links, active menu) on page, card and primary-subtle backgrounds', () => {
    for (const schema of THEME_SCHEMAS) {
      const light = SCHEMA_COLORS[schema].light;
      const dark = SCHEMA_COLORS[schema].dark;
      for (const bg of [SURFACES.light.page, SURFACES.light.card, light.primarySubtle]) {
        expect(contrastRatio(light.primary, bg), `${schema || 'default'} light on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
      for (const bg of [SURFACES.dark.page, SURFACES.dark.card, dark.primarySubtle]) {
        expect(contrastRatio(dark.primaryMild, bg), `${schema || 'default'} dark on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('body and muted text on page and card surfaces', () => {
    for (const mode of ['light', 'dark'] as const) {
      const s = SURFACES[mode];
      for (const bg of [s.page, s.card]) {
        expect(contrastRatio(s.text, bg)).toBeGreaterThanOrEqual(7);
        expect(contrastRatio(s.muted, bg), `${mode} muted on ${bg}`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(s.field, bg), `${mode} field border on ${bg}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('renders CSS variables for every schema and mode', () => {
    const css = schemaCss();
    expect(css).toContain(':root{--primary:#2a55e5;');
    expect(css).toContain(':root[data-schema="green"].dark{');
    expect(css.match(/--primary-subtle:/g)).toHaveLength(10);
  });
});
