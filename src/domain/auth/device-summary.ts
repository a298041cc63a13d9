/** The browser and system of a user agent, in a few words (personal punches, decision 067; sessions, decision 093). */

/** Longest device summary kept with a punch or shown for a session. */
export const MAX_DEVICE_CHARS = 60;

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)|\bFxiOS\/(\d+)/, 'Firefox'],
  // Headless Chrome is the same browser (tests, automation).
  [/\bCriOS\/(\d+)|\b(?:Headless)?(?:Chrome|Chromium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short, human summary of a user agent ("Chrome 131 · Android", "Safari 18 · iPhone"): enough
 * for an administrator to tell a worker's phone from their laptop, or a user their own sessions
 * apart (decision 093), never a fingerprint. An absent or unrecognised agent is `?`; cut to
 * MAX_DEVICE_CHARS.
 */
export function deviceSummary(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').slice(0, 1024);
  let browser = '';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      const version = match.slice(1).find((g) => g !== undefined);
      browser = version ? `${name} ${version}` : name;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? '';
  const summary = [browser, system].filter((part) => part !== '').join(' · ');
  return (summary === '' ? '?' : summary).slice(0, MAX_DEVICE_CHARS);
}
