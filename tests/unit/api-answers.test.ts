import { describe, expectTypeOf, it } from 'vitest';
import type { EmployeeDto, RoleDto, UserDto } from '../../src/domain/api/records.ts';
import type { AnswerOf, KnownPath, ListAnswer, MessageAnswer, ReadAnswer, SaveAnswer } from '../../src/lib/client/api-answers.ts';

// Type-level checks (tsc runs them; at run time they are no-ops): the client's answer map by path and method.
describe('api answers by path', () => {
  it('types lists, reads and writes of the collections', () => {
    expectTypeOf<AnswerOf<'/employees?status=active&pageSize=1000', 'GET'>>().toEqualTypeOf<ListAnswer<EmployeeDto>>();
    expectTypeOf<AnswerOf<'/employees', 'POST'>>().toEqualTypeOf<SaveAnswer<EmployeeDto> & { generatedPin?: string }>();
    expectTypeOf<AnswerOf<`/users/${number}`, 'GET'>>().toEqualTypeOf<ReadAnswer<UserDto>>();
    expectTypeOf<AnswerOf<'/roles/3', 'DELETE'>>().toEqualTypeOf<MessageAnswer>();
    expectTypeOf<AnswerOf<'/roles' | `/roles/${number}`, 'POST' | 'PATCH'>>().toEqualTypeOf<SaveAnswer<RoleDto> & unknown>();
  });

  it('leaves other paths to the generic form', () => {
    expectTypeOf<'/leaves/balances?year=2026'>().not.toExtend<KnownPath>();
    expectTypeOf<'/schedules/bulk'>().not.toExtend<KnownPath>();
    expectTypeOf<'/employeesX'>().not.toExtend<KnownPath>();
  });
});
