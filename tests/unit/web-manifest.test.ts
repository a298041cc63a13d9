import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/**
 * The web app manifest (issue 36.4): a worker adds Jornada to the phone's home screen and it opens
 * the personal clock. Every icon it names is a file of that size, and the layout links it.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'public', 'manifest.webmanifest'), 'utf8')) as {
  name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

describe('web app manifest', () => {
  it('opens the personal clock, standalone, in the app’s colour', () => {
    expect(manifest).toMatchObject({ name: 'Jornada', start_url: '/personal/clock', scope: '/', display: 'standalone', theme_color: '#2a55e5' });
  });

  it('names icons that exist at their stated sizes, one of 512 px maskable', async () => {
    for (const icon of manifest.icons) {
      const meta = await sharp(path.join(ROOT, 'public', icon.src)).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
      expect(meta.format).toBe('png');
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
    expect(manifest.icons.some((i) => i.purpose === 'any' && i.sizes === '192x192')).toBe(true);
  });

  it('is linked from every page, with the theme colour', () => {
    const layout = readFileSync(path.join(ROOT, 'src', 'layouts', 'BaseLayout.astro'), 'utf8');
    expect(layout).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(layout).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
  });
});
