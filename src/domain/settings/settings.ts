/** Instance settings (spec section 3, "Setting") and their defaults (section 9). */
export interface Settings {
  country: string;
  timezone: string;
  /** "1" = 24-hour clock, "2" = 12-hour clock with AM/PM. */
  timeFormat: string;
  rfidClock: boolean;
  /** Comma-separated addresses allowed to use the web clock; empty = any. */
  ipRestriction: string;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  country: 'UK',
  timezone: 'Europe/Lisbon',
  timeFormat: '1',
  rfidClock: false,
  ipRestriction: '',
};

/** Merges stored values over the defaults, ignoring unknown keys and values of the wrong type. */
export function settingsFrom(stored: Record<string, unknown>): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const value = stored[key];
    if (typeof value === typeof DEFAULT_SETTINGS[key]) (out as unknown as Record<string, unknown>)[key] = value;
  }
  return out;
}
