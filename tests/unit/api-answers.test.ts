import { describe, expectTypeOf, it } from 'vitest';
import type { AnswerOf, KnownPath, ReadAnswer } from '../../src/lib/client/api-answers.ts';
import type { LeaveDto } from '../../src/domain/api/records.ts';

// Type-level checks (tsc runs them; at run time they are no-ops): the client's answer map by path and method.
describe('api answers by path', () => {
  it('types lists, reads and writes of the collections', () => {
    expectTypeOf<AnswerOf<'/leaves/7', 'GET'>>().toEqualTypeOf<ReadAnswer<LeaveDto>>();
  });

  it('leaves other paths to the generic form', () => {
    expectTypeOf<'/leaves/balances?year=2026'>().not.toExtend<KnownPath>();
    expectTypeOf<'/schedules/bulk'>().not.toExtend<KnownPath>();
    expectTypeOf<'/employeesX'>().not.toExtend<KnownPath>();
    // Employees, users and roles are called by their contracts (decision 095).
    expectTypeOf<'/employees'>().not.toExtend<KnownPath>();
  });
});
