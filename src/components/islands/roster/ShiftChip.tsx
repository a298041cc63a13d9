import type { RosterShiftDto, ShiftTemplateDto } from './roster-dto.ts';

/**
 * A shift as a chip: the template's colour as a left bar and a light tint, the times (the start
 * only when compact, the month view), and "Draft" (a dot when compact) while it differs from what was published.
 */
export function ShiftChip(props: { shift: Pick<RosterShiftDto, 'startTime' | 'endTime' | 'published'>; template: ShiftTemplateDto | undefined; compact?: boolean; draftLabel: string }) {
  const colour = props.template?.colour ?? '#6b7280';
  return (
    <span
      className="flex min-w-0 flex-col rounded-md border-s-4 px-1.5 py-0.5 text-start text-xs leading-tight text-ink"
      style={{ borderInlineStartColor: colour, backgroundColor: `color-mix(in srgb, ${colour} 16%, transparent)` }}
      data-testid="shift-chip"
    >
      {!props.compact && props.template && <span className="truncate font-semibold">{props.template.name}</span>}
      <span className="tabular-nums">{props.compact ? props.shift.startTime : `${props.shift.startTime}–${props.shift.endTime}`}</span>
      {!props.shift.published &&
        (props.compact ? (
          // The month's narrow cells: a dot (its name in the title and the accessible text).
          <span className="mt-0.5 block h-2 w-2 rounded-full bg-amber-500" title={props.draftLabel} data-testid="draft-badge">
            <span className="sr-only">{props.draftLabel}</span>
          </span>
        ) : (
          <span className="mt-0.5 w-fit rounded bg-amber-100 px-1 text-[0.65rem] font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="draft-badge">
            {props.draftLabel}
          </span>
        ))}
    </span>
  );
}
