import { demoKioskPins } from '#domain/demo/demo-plan.ts';
import type { Db } from '../db/connection.ts';
import { readSettingValue } from '../db/repositories/settings.ts';

/** The settings row that marks an installation loaded with the demo data set (issue 37.14). */
export const DEMO_DATA_SETTING = 'demoData';

/**
 * The kiosk PINs a visitor of a demo installation may try at `/clock` (its banner and start log);
 * null when the installation was not set up with demo data.
 */
export async function demoKioskPinsOf(db: Db): Promise<{ name: string; pin: string }[] | null> {
  return (await readSettingValue(db, DEMO_DATA_SETTING)) === true ? demoKioskPins() : null;
}

/** The start log's line naming them (English, like the rest of the log). */
export function demoKioskPinsLogLine(): string {
  return `Demo kiosk PINs at /clock: ${demoKioskPins()
    .map((p) => `${p.pin} (${p.name})`)
    .join(', ')}`;
}
