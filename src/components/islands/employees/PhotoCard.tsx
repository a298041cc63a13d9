import { CheckCircle2, ScanFace, Trash2 } from 'lucide-react';
import type { EmployeePhotoDto } from '#domain/employees/employee-photos.ts';
import { iconButton } from '../ui/buttons.ts';
import type { Translate } from '../ui/machine-text.ts';

/** One photo: current or not, with face data or not; with `canUpdate`, enrol (with consent) and delete. */
export function PhotoCard(props: { t: Translate; photo: EmployeePhotoDto; when: (iso: string) => string; canUpdate: boolean; canEnrol: boolean; busy: boolean; onEnrol: () => void; onDelete: () => void }) {
  const { t, photo } = props;
  return (
    <li className="overflow-hidden rounded-xl border border-line" data-testid="photo-card" data-face={photo.faceData ? 'yes' : 'no'}>
      <img src={photo.url} alt={t('photos.photoFrom', { date: props.when(photo.createdAt) })} className="aspect-square w-full bg-gray-200 object-cover dark:bg-gray-800" loading="lazy" />
      <div className="flex items-center justify-between gap-2 p-2">
        <div className="flex min-w-0 flex-col text-xs">
          {photo.current && (
            <span className="inline-flex items-center gap-1 font-semibold text-accent">
              <CheckCircle2 size={14} aria-hidden="true" />
              {t('photos.current')}
            </span>
          )}
          <span className={photo.faceData ? 'text-emerald-800 dark:text-emerald-200' : 'text-muted'}>{photo.faceData ? t('photos.faceData') : t('photos.noFaceData')}</span>
        </div>
        {props.canUpdate && (
          <div className="flex shrink-0 gap-1">
            {props.canEnrol && !photo.faceData && (
              <button type="button" className={iconButton} disabled={props.busy} onClick={props.onEnrol} aria-label={t('photos.enrol')} title={t('photos.enrol')}>
                <ScanFace size={16} aria-hidden="true" />
              </button>
            )}
            <button type="button" className={iconButton} disabled={props.busy} onClick={props.onDelete} aria-label={t('photos.delete')} title={t('photos.delete')} data-testid="photo-delete">
              <Trash2 size={16} aria-hidden="true" />
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
