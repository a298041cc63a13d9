import { DndContext, DragOverlay, KeyboardCode, KeyboardSensor, MeasuringStrategy, PointerSensor, pointerWithin, rectIntersection, useSensor, useSensors, type CollisionDetection, type DragEndEvent } from '@dnd-kit/core';
import { CalendarRange, ChevronLeft, ChevronRight, LayoutGrid, Target, FileDown } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { dropAction, parseCellId, stepAnchor, viewRange, type RosterView } from '#domain/roster/roster-grid.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { AppToaster } from '../ui/AppToaster.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { compactSelect, secondaryButton } from '../ui/buttons.ts';
import { CellMenu } from './CellMenu.tsx';
import { CoverageDialog } from './CoverageDialog.tsx';
import { DayView } from './DayView.tsx';
import { RosterActions } from './RosterActions.tsx';
import type { ShiftDragData } from './RosterCell.tsx';
import { RosterGrid } from './RosterGrid.tsx';
import { cellByCell, rosterAnnouncements } from './roster-dnd.ts';
import { indexRoster } from './roster-cells.ts';
import type { RosterShiftDto, ShiftInput } from './roster-dto.ts';
import { TemplatePalette, type TemplateDragData } from './TemplatePalette.tsx';
import { TemplatesDialog } from './TemplatesDialog.tsx';
import { useRoster } from './use-roster.ts';

interface Props {
  lang: Language;
  departments: { _id: number; name: string }[];
  /** Today in the company's time zone (the page's clock). */
  today: string;
  /** schedule.update: every write of the roster. */
  canEdit: boolean;
}

const NARROW = '(max-width: 767px)';
const STEP_LABELS = {
  week: { previous: 'rosterGrid.previousWeek', next: 'rosterGrid.nextWeek' },
  month: { previous: 'rosterGrid.previousMonth', next: 'rosterGrid.nextMonth' },
  day: { previous: 'rosterGrid.previousDay', next: 'rosterGrid.nextDay' },
} as const;

/**
 * The roster screen (issue 39.2, decision 089): department, week or month (one day on a phone),
 * the grid with click menus, drag and drop and keyboard, the bulk actions and publishing, and the
 * templates and coverage editors. Every change goes to the API and the grid is read again.
 */
/**
 * The cell a drop lands on: the one under the pointer (a mouse or a finger), else the one the
 * dragged shift overlaps most (the keyboard moves it cell by cell). Measuring by the pointer keeps
 * a drop where the user let go even when the drag preview is larger than a cell or drawn offset.
 */
const dropTarget: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

export default function RosterBoard({ lang, departments, today, canEdit }: Props) {
  const t = translator(lang);
  const locale = lang === 'es' ? 'es-ES' : 'en-GB';
  const [department, setDepartment] = useState<number | null>(departments[0]?._id ?? null);
  const [wideView, setWideView] = useState<Exclude<RosterView, 'day'>>('week');
  const [anchor, setAnchor] = useState(today);
  const [narrow, setNarrow] = useState(false);
  const [menu, setMenu] = useState<{ employee: number | null; date: string } | null>(null);
  const [dialog, setDialog] = useState<'templates' | 'coverage' | null>(null);
  const [dragLabel, setDragLabel] = useState<string | null>(null);

  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const view: RosterView = narrow ? 'day' : wideView;
  const { from, to } = viewRange(view, anchor);
  const { roster, error, busy, write, reload } = useRoster(lang, department, from, to);
  const index = useMemo(() => (roster ? indexRoster(roster) : null), [roster]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: cellByCell, keyboardCodes: { start: [KeyboardCode.Space], cancel: [KeyboardCode.Esc], end: [KeyboardCode.Space, KeyboardCode.Enter] } }),
  );

  const dayLong = (d: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));
  const nameOf = (employee: number | null) => (employee === null ? t('rosterGrid.openShifts') : (roster?.employees.find((e) => e._id === employee)?.name ?? ''));
  const cellName = (id: string) => {
    const c = parseCellId(id);
    return c ? `${nameOf(c.employee)}, ${dayLong(c.date)}` : '';
  };
  const periodLabel =
    view === 'month'
      ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${from}T12:00:00Z`))
      : view === 'day'
        ? dayLong(from)
        : `${new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${from}T12:00:00Z`))} – ${new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${to}T12:00:00Z`))}`;

  async function assign(employee: number | null, date: string, input: ShiftInput, existing: RosterShiftDto | null) {
    if (department === null) return;
    const answer = existing ? await write('PATCH /api/roster/shifts/{id}', { params: [existing._id], body: input }) : await write('POST /api/roster/shifts', { body: { department, employee, date, ...input } });
    if (answer) setMenu(null);
  }
  async function remove(shift: RosterShiftDto) {
    if (await write('DELETE /api/roster/shifts/{id}', { params: [shift._id] })) setMenu(null);
  }

  function dragEnd(event: DragEndEvent) {
    setDragLabel(null);
    if (!event.over || !index || !roster) return;
    const target = parseCellId(String(event.over.id));
    if (!target) return;
    const data = event.active.data.current as TemplateDragData | ShiftDragData | undefined;
    if (!data) return;
    const cell =
      target.employee === null ? { locked: index.openLocked(target.date), taken: false } : { locked: index.cell(target.employee, target.date).locked, taken: index.cell(target.employee, target.date).shift !== null };
    const action = dropAction(data.kind === 'template' ? { kind: 'template', template: data.template } : data, target, cell);
    if (action?.kind === 'assign' && department !== null) void write('POST /api/roster/shifts', { body: { department, employee: action.employee, date: action.date, template: action.template } });
    if (action?.kind === 'move') void write('PATCH /api/roster/shifts/{id}', { params: [action.shift], body: { employee: action.employee, date: action.date } });
  }

  if (departments.length === 0) return <EmptyState icon={CalendarRange} title={t('rosterGrid.noDepartments')} text={t('rosterGrid.noDepartmentsText')} />;

  const menuShifts = menu && index ? (menu.employee === null ? index.openShifts(menu.date) : [index.cell(menu.employee, menu.date).shift].filter((s): s is RosterShiftDto => s !== null)) : [];
  const last = roster?.publications[0];

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={dropTarget}
      // Cells are measured again while dragging: a row that grew (a warning under a shift) after the
      // last measure must not send a drop to the row above.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={(e) => setDragLabel(String((e.active.data.current as { label?: string } | undefined)?.label ?? ''))}
      onDragCancel={() => setDragLabel(null)}
      onDragEnd={dragEnd}
      accessibility={{ announcements: rosterAnnouncements(t, cellName), screenReaderInstructions: { draggable: t('rosterGrid.dnd.instructions') } }}
    >
      <AppToaster />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs font-medium text-muted">
          {t('fields.department')}
          <select className={compactSelect} value={department ?? ''} onChange={(e) => setDepartment(Number(e.target.value))} data-testid="roster-department">
            {departments.map((d) => (
              <option key={d._id} value={d._id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
        {!narrow && (
          <div className="flex rounded-lg border border-field" role="group" aria-label={t('rosterGrid.viewLabel')}>
            {(['week', 'month'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={wideView === v}
                onClick={() => setWideView(v)}
                className={`control px-3 text-sm first:rounded-s-lg last:rounded-e-lg ${wideView === v ? 'bg-primary font-semibold text-neutral' : 'bg-card hover:text-accent'}`}
                data-testid={`view-${v}`}
              >
                {t(v === 'week' ? 'rosterGrid.week' : 'rosterGrid.month')}
              </button>
            ))}
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('rosterGrid.period')}>
          <button type="button" className={`${secondaryButton} px-3`} aria-label={t(STEP_LABELS[view].previous)} onClick={() => setAnchor(stepAnchor(view, anchor, -1))} data-testid="roster-previous">
            <ChevronLeft size={16} aria-hidden="true" />
          </button>
          <button type="button" className={secondaryButton} onClick={() => setAnchor(today)} data-testid="roster-today">
            {t('rosterGrid.today')}
          </button>
          <button type="button" className={`${secondaryButton} px-3`} aria-label={t(STEP_LABELS[view].next)} onClick={() => setAnchor(stepAnchor(view, anchor, 1))} data-testid="roster-next">
            <ChevronRight size={16} aria-hidden="true" />
          </button>
          <span className="text-base font-semibold first-letter:uppercase sm:min-w-40" aria-live="polite" data-testid="roster-period">
            {periodLabel}
          </span>
        </div>
        <div className="flex flex-wrap gap-2 md:ms-auto">
          {view === 'week' && department !== null && (
            <a className={secondaryButton} href={`/api/roster/week.pdf?department=${department}&week=${from}&lang=${lang}`} data-testid="roster-week-pdf">
              <FileDown size={16} aria-hidden="true" />
              {t('rosterGrid.weekPdf')}
            </a>
          )}
          {canEdit && (
            <button type="button" className={secondaryButton} onClick={() => setDialog('templates')} data-testid="open-templates">
              <LayoutGrid size={16} aria-hidden="true" />
              {t('rosterGrid.templates')}
            </button>
          )}
          {canEdit && department !== null && (
            <button type="button" className={secondaryButton} onClick={() => setDialog('coverage')} data-testid="open-coverage">
              <Target size={16} aria-hidden="true" />
              {t('rosterGrid.coverageNeeds')}
            </button>
          )}
        </div>
      </div>
      {canEdit && department !== null && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <RosterActions lang={lang} department={department} from={from} to={to} unpublished={roster?.unpublishedChanges ?? 0} busy={busy} write={write} />
          {last && (
            <p className="text-xs text-muted" data-testid="last-publication">
              {t('rosterGrid.lastPublished', {
                count: last.changedDays,
                name: last.publishedByName ?? '—',
                when: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(last.publishedAt)),
              })}
            </p>
          )}
        </div>
      )}
      {canEdit && roster && !narrow && (
        <div className="mb-3">
          <TemplatePalette templates={roster.templates} label={t('rosterGrid.palette')} hint={t('rosterGrid.paletteHint')} />
        </div>
      )}
      {error && (
        <p role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" data-testid="roster-error">
          {error}
        </p>
      )}
      {!roster || !index ? (
        !error && (
          <p role="status" aria-busy="true" className="py-6 text-center text-sm text-muted">
            {t('common.loading')}
          </p>
        )
      ) : roster.employees.length === 0 ? (
        <EmptyState icon={CalendarRange} title={t('rosterGrid.noEmployees')} text={t('rosterGrid.noEmployeesText')} />
      ) : narrow ? (
        <DayView lang={lang} roster={roster} index={index} date={from} canEdit={canEdit} onOpen={(employee, date) => setMenu({ employee, date })} />
      ) : (
        <RosterGrid
          lang={lang}
          roster={roster}
          index={index}
          compact={view === 'month'}
          canEdit={canEdit}
          dragging={dragLabel !== null}
          onOpen={(employee, date) => setMenu({ employee, date })}
          onRemove={(s) => void remove(s)}
        />
      )}
      <DragOverlay dropAnimation={null}>
        {dragLabel ? (
          <span className="rounded-lg border border-primary bg-card px-2 py-1 text-xs font-semibold shadow-lg" data-testid="drag-overlay">
            {dragLabel}
          </span>
        ) : null}
      </DragOverlay>
      {menu && roster && (
        <CellMenu
          key={`${menu.employee}:${menu.date}`}
          lang={lang}
          title={`${nameOf(menu.employee)} · ${dayLong(menu.date)}`}
          templates={roster.templates}
          shifts={menuShifts}
          busy={busy}
          onAssign={(input) => void assign(menu.employee, menu.date, input, menu.employee === null ? null : (menuShifts[0] ?? null))}
          onRemove={(s) => void remove(s)}
          onClose={() => setMenu(null)}
        />
      )}
      {canEdit && <TemplatesDialog lang={lang} open={dialog === 'templates'} departments={departments} onClose={() => setDialog(null)} onChanged={reload} />}
      {canEdit && department !== null && roster && <CoverageDialog lang={lang} open={dialog === 'coverage'} department={department} templates={roster.templates} onClose={() => setDialog(null)} onSaved={reload} />}
    </DndContext>
  );
}
