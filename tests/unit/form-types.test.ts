import type { Resolver } from 'react-hook-form';
import { describe, expectTypeOf, it } from 'vitest';
import { ScheduleInput } from '../../src/domain/schedules/schedule-schema.ts';
import { valibotResolver, type FormInput, type FormOutput } from '../../src/components/islands/ui/valibot-resolver.ts';

// Type-level checks (tsc runs them): a form's values are typed from its valibot schema.
describe('form types from the schema', () => {
  it('types the fields as the inputs hold them and the submitted values as the schema outputs them', () => {
    type Input = FormInput<typeof ScheduleInput>;
    expectTypeOf<Input['totalHours']>().toEqualTypeOf<string | number | ''>();
    expectTypeOf<FormOutput<typeof ScheduleInput>['totalHours']>().toEqualTypeOf<number>();
    expectTypeOf<FormOutput<typeof ScheduleInput>['employee']>().toEqualTypeOf<number>();
    expectTypeOf(valibotResolver(ScheduleInput)).toEqualTypeOf<Resolver<Input, unknown, FormOutput<typeof ScheduleInput>>>();
    // @ts-expect-error -- not a field of the schedule form
    expectTypeOf<Input['nope']>();
  });
});
