import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { dangerButton, inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import type { RosterShiftDto, ShiftInput, ShiftTemplateDto } from './roster-dto.ts';

interface Props {
  lang: Language;
  /** Who and which day, as the title says it; null = closed. */
  title: string | null;
  templates: ShiftTemplateDto[];
  /** The shifts the cell holds (one for an employee, any number in the open row). */
  shifts: RosterShiftDto[];
  busy: boolean;
  onAssign: (input: ShiftInput) => void;
  onRemove: (shift: RosterShiftDto) => void;
  onClose: () => void;
}

/**
 * A cell's menu: pick a template, or a custom shift (start, end, break), or remove the shift.
 * On an employee's taken day a choice replaces the shift's times (PATCH); elsewhere it adds one.
 */
export function CellMenu({ lang, title, templates, shifts, busy, onAssign, onRemove, onClose }: Props) {
  const t = translator(lang);
  const current = shifts.length === 1 ? shifts[0]! : null;
  const [custom, setCustom] = useState({ startTime: current?.startTime ?? '09:00', endTime: current?.endTime ?? '17:00', breakMinutes: String(current?.breakMinutes ?? 30) });
  const active = templates.filter((tpl) => !tpl.archived);
  return (
    <Dialog open={title !== null} title={title ?? ''} onClose={onClose} closeLabel={t('common.close')} size="sm">
      <div className="flex flex-col gap-4" data-testid="cell-menu">
        {active.length > 0 && (
          <section aria-labelledby="cell-menu-templates">
            <h3 id="cell-menu-templates" className="mb-2 text-sm font-semibold">
              {t('rosterGrid.templates')}
            </h3>
            <ul className="flex flex-col gap-1">
              {active.map((tpl) => (
                <li key={tpl._id}>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => onAssign({ template: tpl._id })}
                    className="flex w-full items-center gap-2 rounded-lg border border-line px-3 py-2 text-start text-sm hover:border-primary"
                    data-testid="menu-template"
                  >
                    <span className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: tpl.colour }} aria-hidden="true" />
                    <span className="font-medium">{tpl.name}</span>
                    <span className="ms-auto text-muted tabular-nums">
                      {tpl.startTime}–{tpl.endTime}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <form
          className="flex flex-col gap-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onAssign({ template: null, startTime: custom.startTime, endTime: custom.endTime, breakMinutes: Number(custom.breakMinutes) });
          }}
        >
          <h3 className="text-sm font-semibold">{t('rosterGrid.customShift')}</h3>
          <div className="grid grid-cols-3 gap-2">
            <label className="flex flex-col gap-1 text-xs font-medium">
              {t('rosterGrid.start')}
              <input type="time" required className={inputClass} value={custom.startTime} onChange={(e) => setCustom({ ...custom, startTime: e.target.value })} data-testid="custom-start" />
            </label>
            <label className="flex flex-col gap-1 text-xs font-medium">
              {t('rosterGrid.end')}
              <input type="time" required className={inputClass} value={custom.endTime} onChange={(e) => setCustom({ ...custom, endTime: e.target.value })} data-testid="custom-end" />
            </label>
            <label className="flex flex-col gap-1 text-xs font-medium">
              {t('rosterGrid.breakMinutes')}
              <input
                type="number"
                min={0}
                max={240}
                inputMode="numeric"
                className={inputClass}
                value={custom.breakMinutes}
                onChange={(e) => setCustom({ ...custom, breakMinutes: e.target.value })}
                data-testid="custom-break"
              />
            </label>
          </div>
          <button type="submit" className={`${primaryButton} self-end`} disabled={busy} data-testid="custom-save">
            {t(current ? 'rosterGrid.changeShift' : 'rosterGrid.addShift')}
          </button>
        </form>
        {shifts.length > 0 && (
          <div className="flex flex-col gap-1 border-t border-line pt-3">
            {shifts.map((s) => (
              <button key={s._id} type="button" className={dangerButton} disabled={busy} onClick={() => onRemove(s)} data-testid="menu-remove">
                <Trash2 size={16} aria-hidden="true" />
                {t('rosterGrid.removeShift', { times: `${s.startTime}–${s.endTime}` })}
              </button>
            ))}
          </div>
        )}
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t('form.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
