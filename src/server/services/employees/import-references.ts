import { DEFAULT_POSITION_RETENTION_DAYS } from '#domain/clock/proof-of-place.ts';
import { nameKey, type RowProblem } from '#domain/employees/csv-import.ts';
import type { Db } from '../../db/connection.ts';
import { companiesResource, companyNames } from '../../db/repositories/org/companies.ts';
import { departmentNames, departmentsResource } from '../../db/repositories/org/departments.ts';
import { jobTitleNames, jobTitlesResource } from '../../db/repositories/org/job-titles.ts';
import { leaveGroupNames, leaveGroupsResource } from '../../db/repositories/org/leave-groups.ts';
import { leaveTypeIdsOfCompany } from '../../db/repositories/org/leave-types.ts';

/**
 * Finds the company, department, job title and leave group an import row names (names compare
 * without case; a department within its company, a job title within its department, a leave group
 * within its company), and — when asked — plans the missing ones. Planned records are numbered
 * below zero until `createPlanned` writes them.
 */

/** A record id; negative for a record the import will create. */
export type Ref = number;

interface Planned {
  ref: Ref;
  name: string;
  /** Company (departments, leave groups) or department (job titles) it belongs to. */
  parent: Ref;
  /** Company of a job title. */
  company: Ref;
}

export interface ResolvedRefs {
  company: Ref;
  department: Ref;
  jobTitle: Ref;
  leaveGroup: Ref;
}

export class ReferenceResolver {
  private readonly companies = new Map<string, Ref>();
  private readonly departments = new Map<string, Ref>();
  private readonly jobTitles = new Map<string, Ref>();
  private readonly leaveGroups = new Map<string, Ref>();
  readonly planned = { companies: [] as Planned[], departments: [] as Planned[], jobTitles: [] as Planned[], leaveGroups: [] as Planned[] };
  private next = -1;
  /** nameKey of each name seen: a large file repeats a handful of names on every row. */
  private readonly keys = new Map<string, string>();

  private constructor(private readonly createMissing: boolean) {}

  /** Loads the four tables once (they are small next to an import). Lowest id wins a name clash. */
  static async load(db: Db, createMissing: boolean): Promise<ReferenceResolver> {
    const r = new ReferenceResolver(createMissing);
    const put = (map: Map<string, Ref>, key: string, id: number) => {
      if (!map.has(key)) map.set(key, id);
    };
    for (const c of await companyNames(db)) put(r.companies, nameKey(c.name), c.id);
    for (const d of await departmentNames(db)) {
      put(r.departments, `${d.companyId}\u0000${nameKey(d.name)}`, d.id);
    }
    for (const j of await jobTitleNames(db)) {
      put(r.jobTitles, `${j.departmentId}\u0000${nameKey(j.name)}`, j.id);
    }
    for (const g of await leaveGroupNames(db)) {
      put(r.leaveGroups, `${g.companyId}\u0000${nameKey(g.name)}`, g.id);
    }
    return r;
  }

  private key(name: string): string {
    let key = this.keys.get(name);
    if (key === undefined) {
      key = nameKey(name);
      if (this.keys.size < 100_000) this.keys.set(name, key);
    }
    return key;
  }

  private find(map: Map<string, Ref>, key: string, make: () => Planned | undefined): Ref | undefined {
    const found = map.get(key);
    if (found !== undefined) return found;
    if (!this.createMissing) return undefined;
    const planned = make();
    if (!planned) return undefined;
    map.set(key, planned.ref);
    return planned.ref;
  }

  private plan(list: Planned[], name: string, parent: Ref, company: Ref): Planned {
    const p = { ref: this.next--, name: name.trim().replace(/\s+/g, ' '), parent, company };
    list.push(p);
    return p;
  }

  /**
   * The row's references, or the problems naming what does not exist. Names left out (empty or
   * already refused) are not looked up, nor is anything that hangs on them.
   */
  resolve(line: number, names: Partial<Record<'company' | 'department' | 'jobTitle' | 'leaveGroup', string>>): { refs?: ResolvedRefs; company?: Ref; problems: RowProblem[] } {
    const problems: RowProblem[] = [];
    if (!names.company) return { problems };
    const companyName = names.company;
    const company = this.find(this.companies, this.key(companyName), () => this.plan(this.planned.companies, companyName, 0, 0));
    if (company === undefined) {
      problems.push({ line, field: 'company', key: 'employeeImport.unknownCompany', params: { name: companyName } });
      return { problems };
    }
    let department: Ref | undefined;
    let jobTitle: Ref | undefined;
    let leaveGroup: Ref | undefined;
    if (names.department) {
      const name = names.department;
      department = this.find(this.departments, `${company}\u0000${this.key(name)}`, () => this.plan(this.planned.departments, name, company, company));
      if (department === undefined) problems.push({ line, field: 'department', key: 'employeeImport.unknownDepartment', params: { name, company: companyName } });
    }
    if (names.jobTitle && department !== undefined) {
      const name = names.jobTitle;
      const dep = department;
      jobTitle = this.find(this.jobTitles, `${dep}\u0000${this.key(name)}`, () => this.plan(this.planned.jobTitles, name, dep, company));
      if (jobTitle === undefined) problems.push({ line, field: 'jobTitle', key: 'employeeImport.unknownJobTitle', params: { name, department: names.department } });
    }
    if (names.leaveGroup) {
      const name = names.leaveGroup;
      leaveGroup = this.find(this.leaveGroups, `${company}\u0000${this.key(name)}`, () => this.plan(this.planned.leaveGroups, name, company, company));
      if (leaveGroup === undefined) problems.push({ line, field: 'leaveGroup', key: 'employeeImport.unknownLeaveGroup', params: { name, company: companyName } });
    }
    if (department === undefined || jobTitle === undefined || leaveGroup === undefined) return { company, problems };
    return { refs: { company, department, jobTitle, leaveGroup }, company, problems };
  }

  /** Names of the records the import would create. */
  summary() {
    const names = (list: Planned[]) => list.map((p) => p.name);
    return {
      companies: names(this.planned.companies),
      departments: names(this.planned.departments),
      jobTitles: names(this.planned.jobTitles),
      leaveGroups: names(this.planned.leaveGroups),
    };
  }

  /**
   * Writes the planned records (inside the caller's transaction) through the organisation tables'
   * own inserts. A new leave group's privilege is every leave type of its company. Returns the
   * real id of each planned ref.
   */
  async createPlanned(db: Db, at: string, describe: (name: string) => string): Promise<Map<Ref, number>> {
    const ids = new Map<Ref, number>();
    const id = (ref: Ref) => (ref < 0 ? ids.get(ref)! : ref);
    for (const c of this.planned.companies)
      ids.set(
        c.ref,
        await companiesResource.insert(
          db,
          {
            name: c.name,
            taxId: null,
            contributionAccountCode: null,
            personalClock: false,
            proofOfPlace: 'off',
            positionRetentionDays: DEFAULT_POSITION_RETENTION_DAYS,
            workerOvertimeChoice: false,
            requireTwoFactor: false,
          },
          at,
        ),
      );
    for (const d of this.planned.departments) ids.set(d.ref, await departmentsResource.insert(db, { name: d.name, company: id(d.parent) }, at));
    for (const j of this.planned.jobTitles) {
      ids.set(j.ref, await jobTitlesResource.insert(db, { name: j.name, department: id(j.parent), company: id(j.company) }, at));
    }
    for (const g of this.planned.leaveGroups) {
      const companyId = id(g.parent);
      const types = await leaveTypeIdsOfCompany(db, companyId);
      ids.set(g.ref, await leaveGroupsResource.insert(db, { name: g.name, description: describe(g.name), status: 'active', company: companyId, privilege: types }, at));
    }
    return ids;
  }
}
