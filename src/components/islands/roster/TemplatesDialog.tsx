import { Archive, Pencil, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { iconButton, inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import type { ShiftTemplateDto } from './roster-dto.ts';

interface Props {
  lang: Language;
  open: boolean;
  departments: { _id: number; name: string }[];
  onClose: () => void;
  /** After any change: the grid re-reads its templates. */
  onChanged: () => void;
}

type Draft = { _id: number | null; name: string; startTime: string; endTime: string; breakMinutes: string; colour: string; department: string };
const blank: Draft = { _id: null, name: '', startTime: '07:00', endTime: '15:00', breakMinutes: '30', colour: '#2563eb', department: '' };

/**
 * Shift templates: the list (archived ones marked), a form to add or edit one, and Archive
 * (DELETE: the server archives a template still used by a shift, else deletes it).
 */
export function TemplatesDialog({ lang, open, departments, onClose, onChanged }: Props) {
  const t = translator(lang);
  const [list, setList] = useState<ShiftTemplateDto[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [version, setVersion] = useState(0);
  const { run, busy } = useApiAction(lang);

  useEffect(() => {
    if (!open) return;
    void api('GET /api/shift-templates', { lang }).then((a) => setList(a.data));
  }, [open, lang, version]);

  const changed = () => {
    setVersion((n) => n + 1);
    onChanged();
  };

  async function save(d: Draft) {
    const body = { name: d.name, startTime: d.startTime, endTime: d.endTime, breakMinutes: Number(d.breakMinutes), colour: d.colour, department: d.department ? Number(d.department) : null };
    await run(() => (d._id === null ? api('POST /api/shift-templates', { body, lang }) : api('PATCH /api/shift-templates/{id}', { params: [d._id], body, lang })), {
      onFieldErrors: setFields,
      then: () => {
        setDraft(null);
        changed();
      },
    });
  }

  const field = (name: keyof Draft, label: string, type: string, extra: Record<string, unknown> = {}) =>
    draft && (
      <label className="flex flex-col gap-1 text-xs font-medium">
        {label}
        <input
          type={type}
          className={type === 'color' ? 'control h-10 w-full rounded-lg border border-field bg-card p-1' : inputClass}
          value={draft[name] ?? ''}
          aria-invalid={!!fields[name]}
          onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
          data-testid={`template-${name}`}
          {...extra}
        />
        {fields[name] && <span className="text-xs text-red-700 dark:text-red-300">{fields[name]}</span>}
      </label>
    );

  return (
    <Dialog open={open} title={t('rosterGrid.templatesTitle')} onClose={onClose} closeLabel={t('common.close')} size="lg">
      <div className="flex flex-col gap-4" data-testid="templates-dialog">
        <ul className="divide-y divide-line rounded-xl border border-line">
          {list.length === 0 && <li className="p-3 text-sm text-muted">{t('rosterGrid.noTemplates')}</li>}
          {list.map((tpl) => (
            <li key={tpl._id} className="flex items-center gap-3 p-3 text-sm" data-testid="template-row">
              <span className="h-4 w-4 shrink-0 rounded-full" style={{ backgroundColor: tpl.colour }} aria-hidden="true" />
              <span className="font-medium">{tpl.name}</span>
              <span className="text-muted tabular-nums">
                {tpl.startTime}–{tpl.endTime} · {t('rosterGrid.breakShort', { minutes: tpl.breakMinutes })}
              </span>
              {tpl.archived && <span className="rounded-full bg-gray-200 px-2 text-xs dark:bg-gray-800">{t('rosterGrid.archived')}</span>}
              <span className="ms-auto flex gap-1">
                <button
                  type="button"
                  className={iconButton}
                  aria-label={t('rosterGrid.editTemplate', { name: tpl.name })}
                  onClick={() =>
                    setDraft({
                      _id: tpl._id,
                      name: tpl.name,
                      startTime: tpl.startTime,
                      endTime: tpl.endTime,
                      breakMinutes: String(tpl.breakMinutes),
                      colour: tpl.colour,
                      department: tpl.department ? String(tpl.department) : '',
                    })
                  }
                >
                  <Pencil size={16} aria-hidden="true" />
                </button>
                {!tpl.archived && (
                  <button
                    type="button"
                    className={iconButton}
                    disabled={busy}
                    aria-label={t('rosterGrid.archiveTemplate', { name: tpl.name })}
                    onClick={() => void run(() => api('DELETE /api/shift-templates/{id}', { params: [tpl._id], lang }), { success: 'toast', then: changed })}
                  >
                    <Archive size={16} aria-hidden="true" />
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
        {draft ? (
          <form
            className="grid grid-cols-2 gap-3 sm:grid-cols-3"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save(draft);
            }}
          >
            <div className="col-span-2 sm:col-span-3">{field('name', t('rosterGrid.templateName'), 'text', { maxLength: 60 })}</div>
            {field('startTime', t('rosterGrid.start'), 'time')}
            {field('endTime', t('rosterGrid.end'), 'time')}
            {field('breakMinutes', t('rosterGrid.breakMinutes'), 'number', { min: 0, max: 240 })}
            {field('colour', t('rosterGrid.colour'), 'color')}
            <label className="col-span-2 flex flex-col gap-1 text-xs font-medium">
              {t('fields.department')}
              <select className={inputClass} value={draft.department} onChange={(e) => setDraft({ ...draft, department: e.target.value })}>
                <option value="">{t('rosterGrid.allDepartments')}</option>
                {departments.map((d) => (
                  <option key={d._id} value={d._id}>
                    {d.name}
                  </option>
                ))}
              </select>
            </label>
            <div className="col-span-2 flex justify-end gap-2 sm:col-span-3">
              <button type="button" className={secondaryButton} onClick={() => setDraft(null)}>
                {t('form.cancel')}
              </button>
              <button type="submit" className={primaryButton} disabled={busy} data-testid="template-save">
                {t('form.save')}
              </button>
            </div>
          </form>
        ) : (
          <button
            type="button"
            className={`${secondaryButton} self-start`}
            onClick={() => {
              setFields({});
              setDraft(blank);
            }}
            data-testid="template-add"
          >
            <Plus size={16} aria-hidden="true" />
            {t('rosterGrid.addTemplate')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
