import { Pencil, Trash2 } from 'lucide-react';
import { translator } from '#i18n/translate.ts';
import type { Language } from '#i18n/languages.ts';
import { iconButton } from './buttons.ts';

/**
 * Edit and delete buttons of a table row; each only when its handler is given. `editHref` makes
 * edit a link to the record's edit page instead of a button.
 */
export function RowActions(props: { lang: Language; name: string; onEdit?: (() => void) | undefined; editHref?: string | undefined; onDelete?: (() => void) | undefined }) {
  const t = translator(props.lang);
  return (
    <div className="flex gap-1">
      {props.editHref && (
        <a href={props.editHref} className={iconButton} aria-label={t('form.editNamed', { name: props.name })} title={t('form.edit')}>
          <Pencil size={16} aria-hidden="true" />
        </a>
      )}
      {props.onEdit && (
        <button type="button" className={iconButton} onClick={props.onEdit} aria-label={t('form.editNamed', { name: props.name })} title={t('form.edit')}>
          <Pencil size={16} aria-hidden="true" />
        </button>
      )}
      {props.onDelete && (
        <button type="button" className={iconButton} onClick={props.onDelete} aria-label={t('form.deleteNamed', { name: props.name })} title={t('form.delete')}>
          <Trash2 size={16} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
