import { useDraggable, useDroppable } from '@dnd-kit/core';
import { AlertTriangle, Lock } from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cellId } from '#domain/roster/roster-grid.ts';
import type { CellInfo } from './roster-cells.ts';
import type { RosterShiftDto, RosterWarningDto, ShiftTemplateDto } from './roster-dto.ts';
import { ShiftChip } from './ShiftChip.tsx';

/** What a shift being dragged carries (dnd-kit `data`). */
export interface ShiftDragData {
  kind: 'shift';
  shift: number;
  employee: number | null;
  date: string;
  label: string;
}

interface CellProps {
  employee: number | null;
  date: string;
  row: number;
  col: number;
  focused: boolean;
  /** Accessible name of the cell: who and which day (the grid's headers are not read by every reader). */
  label: string;
  locked: boolean;
  lockedLabel: string;
  holiday: string | null;
  /** Draggable shift of this cell (employee rows): the whole cell picks it up. */
  dragShift: ShiftDragData | null;
  canEdit: boolean;
  onKeyDown: (e: KeyboardEvent<HTMLTableCellElement>) => void;
  onFocus: () => void;
  onOpen: () => void;
  children: ReactNode;
}

/**
 * One cell of the roster grid (role gridcell, roving tabindex): a drop target for templates and
 * shifts, and, when it holds an employee's shift, that shift's drag handle (pointer after 6 px, so
 * a click still opens the menu; Space with the keyboard). A locked day takes no drop and opens no menu.
 */
export function RosterCell(props: CellProps) {
  const id = cellId(props.employee, props.date);
  const drop = useDroppable({ id, disabled: props.locked || !props.canEdit, data: { employee: props.employee, date: props.date } });
  const drag = useDraggable({ id: `shift-cell:${id}`, disabled: !props.dragShift || props.locked || !props.canEdit, data: props.dragShift ?? undefined });
  const dragging = drag.isDragging;
  const { role: _role, tabIndex: _tab, ...dragAttributes } = drag.attributes;
  const listeners = props.dragShift && !props.locked && props.canEdit ? drag.listeners : undefined;
  return (
    <td
      ref={(node) => {
        drop.setNodeRef(node);
        drag.setNodeRef(node);
      }}
      {...(listeners ? dragAttributes : {})}
      {...listeners}
      role="gridcell"
      tabIndex={props.focused ? 0 : -1}
      aria-label={props.label}
      aria-readonly={props.locked || !props.canEdit || undefined}
      data-cell={`${props.row}:${props.col}`}
      data-testid="roster-cell"
      data-employee={props.employee ?? 'open'}
      data-date={props.date}
      data-locked={props.locked || undefined}
      data-over={drop.isOver || undefined}
      onFocus={props.onFocus}
      onClick={() => !props.locked && props.canEdit && props.onOpen()}
      onKeyDown={(e) => {
        props.onKeyDown(e);
        if (!e.defaultPrevented) listeners?.onKeyDown?.(e);
      }}
      className={`group relative h-16 border-b border-e border-line p-1 align-top outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset ${props.locked ? 'bg-gray-100 dark:bg-gray-900' : props.holiday ? 'bg-sky-50 dark:bg-sky-950/40' : ''} ${drop.isOver ? 'bg-primary-subtle ring-2 ring-primary ring-inset' : ''} ${dragging ? 'opacity-50' : ''} ${props.locked || !props.canEdit ? '' : 'cursor-pointer hover:bg-primary-subtle/60'}`}
    >
      {props.locked && (
        <span className="absolute end-1 bottom-1 text-muted" title={props.lockedLabel}>
          <Lock size={12} aria-hidden="true" />
          <span className="sr-only">{props.lockedLabel}</span>
        </span>
      )}
      {props.children}
    </td>
  );
}

/** The contents of an employee's day: shift chip, leave, warnings (icon; the text on hover or focus of the cell). */
export function EmployeeDay(props: { info: CellInfo; template: ShiftTemplateDto | undefined; compact: boolean; draftLabel: string; warningsLabel: string; warningText: (w: RosterWarningDto) => string }) {
  const { info } = props;
  return (
    <div className="flex flex-col gap-0.5">
      {info.shift && <ShiftChip shift={info.shift} template={props.template} compact={props.compact} draftLabel={props.draftLabel} />}
      {info.leave && (
        <span className="w-fit truncate rounded bg-sky-100 px-1 text-[0.7rem] font-medium text-sky-900 dark:bg-sky-950 dark:text-sky-100" data-testid="cell-leave">
          {info.leave}
        </span>
      )}
      {info.warnings.length > 0 && <WarningMark warnings={info.warnings.map(props.warningText)} label={props.warningsLabel} />}
    </div>
  );
}

/** A warning icon; its texts show in a bubble while the cell is hovered or focused, and are always in the accessible text. */
export function WarningMark({ warnings, label }: { warnings: string[]; label: string }) {
  return (
    <span className="text-amber-700 dark:text-amber-300" data-testid="cell-warning">
      <AlertTriangle size={14} aria-hidden="true" />
      <span className="sr-only">
        {label}: {warnings.join('; ')}
      </span>
      <span aria-hidden="true" className="pointer-events-none absolute start-1 top-full z-20 mt-1 hidden w-56 rounded-lg border border-line bg-card p-2 text-xs text-ink shadow-lg group-hover:block group-focus:block">
        {warnings.map((w) => (
          <span key={w} className="block">
            {w}
          </span>
        ))}
      </span>
    </span>
  );
}

/** An open shift's chip: its own drag handle (the open row takes any number of shifts per day). */
export function OpenShiftChip(props: { shift: RosterShiftDto; template: ShiftTemplateDto | undefined; compact: boolean; draftLabel: string; claimsLabel: string | null; disabled: boolean }) {
  const data: ShiftDragData = { kind: 'shift', shift: props.shift._id, employee: null, date: props.shift.date, label: `${props.shift.startTime}–${props.shift.endTime}` };
  const drag = useDraggable({ id: `open-shift:${props.shift._id}`, data, disabled: props.disabled });
  return (
    <span ref={drag.setNodeRef} {...drag.listeners} className={`block ${drag.isDragging ? 'opacity-50' : ''}`} data-testid="open-shift">
      <ShiftChip shift={props.shift} template={props.template} compact={props.compact} draftLabel={props.draftLabel} />
      {props.claimsLabel && <span className="text-[0.65rem] font-semibold text-accent">{props.claimsLabel}</span>}
    </span>
  );
}
