import type { OfficialYear } from './official-calendar.ts';

/**
 * Spain's fiestas laborales of 2026 per autonomous community and autonomous city (decision 074):
 * the 12 days (11 in Canarias, 13 in Navarra) of the Dirección General de Trabajo's resolution of
 * 17 October 2025 (BOE 28 October 2025, BOE-A-2025-21667), which republishes each community's own
 * decree, plus the two city fiestas of Ceuta and Melilla (each a single municipality).
 *
 * A national holiday that falls on a Sunday (1 November, 6 December; 1 March in the Balearics,
 * 17 May in Galicia, 31 May in Castilla-La Mancha) is not listed on the Sunday: the community
 * either moved its rest to the Monday (listed, "Lunes siguiente a…") or used it for another day.
 * Written from the official lists as best known without network access; see the decision for how
 * each date was checked and how the next year's table is added.
 */

/** Where a date comes from (the keys are `HolidaySource`s). */
export const SOURCES_2026 = {
  boe: 'BOE-A-2025-21667 (Resolución de 17 de octubre de 2025, Dirección General de Trabajo): fiestas nacionales',
  region: "BOE-A-2025-21667, anexo: the community's 2026 calendar decree",
  city: "The city's own 2026 calendar (local fiestas of its single municipality; not in the BOE)",
} as const;

const N = {
  newYear: ['Año Nuevo', "New Year's Day"],
  epiphany: ['Epifanía del Señor', 'Epiphany'],
  holyThursday: ['Jueves Santo', 'Maundy Thursday'],
  goodFriday: ['Viernes Santo', 'Good Friday'],
  easterMonday: ['Lunes de Pascua', 'Easter Monday'],
  labour: ['Fiesta del Trabajo', 'Labour Day'],
  assumption: ['Asunción de la Virgen', 'Assumption Day'],
  national: ['Fiesta Nacional de España', 'National Day of Spain'],
  allSaintsMonday: ['Lunes siguiente a Todos los Santos', "Monday after All Saints' Day"],
  constitutionMonday: ['Lunes siguiente al Día de la Constitución Española', 'Monday after Constitution Day'],
  immaculate: ['Inmaculada Concepción', 'Immaculate Conception'],
  christmas: ['Natividad del Señor', 'Christmas Day'],
  joseph: ['San José', "Saint Joseph's Day"],
  john: ['San Juan', "Saint John's Day"],
  stephen: ['San Esteban', "Saint Stephen's Day"],
  james: ['Santiago Apóstol', "Saint James's Day"],
  corpus: ['Corpus Christi', 'Corpus Christi'],
  eidAdha: ['Fiesta del Sacrificio (Eid al-Adha)', 'Eid al-Adha'],
  eidFitr: ['Fiesta del Eid Fitr', 'Eid al-Fitr'],
} as const satisfies Record<string, readonly [string, string]>;

type Day = readonly [date: string, es: string, en: string, source: keyof typeof SOURCES_2026];
const boe = (date: string, [es, en]: readonly [string, string]): Day => [date, es, en, 'boe'];
const reg = (date: string, [es, en]: readonly [string, string]): Day => [date, es, en, 'region'];
const city = (date: string, [es, en]: readonly [string, string]): Day => [date, es, en, 'city'];

/** The eight days every community keeps in 2026: the "whole country" import. */
const COMMON: readonly Day[] = [
  boe('2026-01-01', N.newYear),
  boe('2026-01-06', N.epiphany),
  boe('2026-04-03', N.goodFriday),
  boe('2026-05-01', N.labour),
  boe('2026-08-15', N.assumption),
  boe('2026-10-12', N.national),
  boe('2026-12-08', N.immaculate),
  boe('2026-12-25', N.christmas),
];
const thursday = reg('2026-04-02', N.holyThursday);
const easterMonday = reg('2026-04-06', N.easterMonday);
const nov2 = reg('2026-11-02', N.allSaintsMonday);
const dec7 = reg('2026-12-07', N.constitutionMonday);

export const SPAIN_2026: OfficialYear = {
  national: COMMON,
  regions: {
    AN: [...COMMON, reg('2026-02-28', ['Día de Andalucía', 'Andalusia Day']), thursday, nov2, dec7],
    AR: [...COMMON, thursday, reg('2026-04-23', ['San Jorge, Día de Aragón', 'Saint George, Aragon Day']), nov2, dec7],
    AS: [...COMMON, thursday, reg('2026-09-08', ['Día de Asturias', 'Asturias Day']), nov2, dec7],
    CB: [...COMMON, thursday, reg('2026-07-28', ['Día de las Instituciones de Cantabria', 'Cantabria Institutions Day']), reg('2026-09-15', ['La Bien Aparecida', 'Our Lady of the Bien Aparecida']), dec7],
    CE: [
      ...COMMON,
      thursday,
      reg('2026-05-27', N.eidAdha),
      reg('2026-08-05', ['Nuestra Señora de África', 'Our Lady of Africa']),
      reg('2026-09-02', ['Día de Ceuta', 'Ceuta Day']),
      city('2026-03-20', N.eidFitr),
      city('2026-06-13', ['San Antonio', "Saint Anthony's Day"]),
    ],
    CL: [...COMMON, thursday, reg('2026-04-23', ['Fiesta de Castilla y León', 'Castile and León Day']), nov2, dec7],
    CM: [...COMMON, thursday, easterMonday, reg('2026-06-04', N.corpus), nov2],
    // The twelfth day is each island's own (Tenerife, Gran Canaria…): added by hand.
    CN: [...COMMON, thursday, reg('2026-05-30', ['Día de Canarias', 'Canary Islands Day']), nov2],
    CT: [...COMMON, easterMonday, reg('2026-06-24', N.john), reg('2026-09-11', ['Fiesta Nacional de Cataluña', 'National Day of Catalonia']), reg('2026-12-26', N.stephen)],
    EX: [...COMMON, thursday, reg('2026-09-08', ['Día de Extremadura', 'Extremadura Day']), nov2, dec7],
    GA: [...COMMON, reg('2026-03-19', N.joseph), thursday, reg('2026-06-24', N.john), reg('2026-07-25', ['Día Nacional de Galicia', 'Galician National Day'])],
    IB: [...COMMON, reg('2026-03-02', ['Lunes siguiente al Día de las Illes Balears', 'Monday after Balearic Islands Day']), thursday, easterMonday, reg('2026-12-26', N.stephen)],
    MC: [...COMMON, reg('2026-03-19', N.joseph), thursday, reg('2026-06-09', ['Día de la Región de Murcia', 'Murcia Day']), dec7],
    MD: [...COMMON, thursday, reg('2026-05-02', ['Fiesta de la Comunidad de Madrid', 'Madrid Day']), nov2, dec7],
    ML: [
      ...COMMON,
      reg('2026-03-20', N.eidFitr),
      thursday,
      reg('2026-05-27', N.eidAdha),
      dec7,
      city('2026-09-08', ['Nuestra Señora la Virgen de la Victoria', 'Our Lady of Victory']),
      city('2026-09-17', ['Día de Melilla', 'Melilla Day']),
    ],
    NC: [...COMMON, reg('2026-03-19', N.joseph), thursday, easterMonday, nov2, reg('2026-12-03', ['San Francisco Javier', "Saint Francis Xavier's Day"])],
    PV: [...COMMON, reg('2026-03-19', N.joseph), thursday, easterMonday, reg('2026-07-25', N.james)],
    RI: [...COMMON, thursday, easterMonday, reg('2026-06-09', ['Día de La Rioja', 'La Rioja Day']), dec7],
    VC: [...COMMON, reg('2026-03-19', N.joseph), easterMonday, reg('2026-06-24', N.john), reg('2026-10-09', ['Día de la Comunitat Valenciana', 'Valencian Community Day'])],
  },
};
