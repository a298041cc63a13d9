import type { InferOutput } from 'valibot';
import type { CoverageNeedRecord, PublishedDayRecord, RosterEmployeeRecord, RosterPublicationRecord, RosterRecord, RosterShiftRecord, ShiftTemplateRecord } from '../api/contracts/roster.ts';
import type { RosterWarningWire } from './roster-warning-wire.ts';

/**
 * The roster API's answers (issue 39, decisions 085 and 088): the types of the endpoints'
 * contracts (`src/domain/api/contracts/roster.ts`), which the server's services and repositories
 * build and the grid's islands read.
 */

export type ShiftTemplateDto = InferOutput<typeof ShiftTemplateRecord>;

/** A draft shift (`employee` null = an open shift). */
export type RosterShiftDto = InferOutput<typeof RosterShiftRecord>;

export type PublishedDayDto = InferOutput<typeof PublishedDayRecord>;

/** A roster warning (decision 088): `{code, kind, employee, date, params}`; `code` is an i18n key. */
export type RosterWarningDto = RosterWarningWire;

export type RosterPublicationDto = InferOutput<typeof RosterPublicationRecord>;

export type RosterEmployeeDto = InferOutput<typeof RosterEmployeeRecord>;

/** The grid answer: the draft, the published plan and what planning needs beside them. */
export type RosterDto = InferOutput<typeof RosterRecord>;

export type CoverageNeedDto = InferOutput<typeof CoverageNeedRecord>;
