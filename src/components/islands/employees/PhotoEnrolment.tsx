import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Camera, Upload } from 'lucide-react';
import type { EmployeePhotoDto, EmployeePhotosAnswer } from '#domain/employees/employee-photos.ts';
import { localeOf } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import type { FaceEngine, FaceResult } from '#lib/client/face/face-engine.ts';
import { prepareFile } from '#lib/client/face/photo-input.ts';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';
import { CameraDialog } from './CameraDialog.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ConsentBox } from './ConsentBox.tsx';
import { PhotoCard } from './PhotoCard.tsx';
import { initialPhotoPanelState, photoPanelReducer } from './photo-enrolment-machine.ts';
import { PhotoStatusBox } from './PhotoStatusBox.tsx';
import { grabFrame } from './use-camera-stream.ts';
import { useFaceDetection } from './use-face-detection.ts';
import { apiFailure } from '#lib/client/use-api-action.ts';

export { employeeImageUrl, photoImageUrl } from '#domain/employees/employee-photos.ts';

interface Props {
  lang: Language;
  employeeId: number;
  /** The user may add and remove photos and record consent (the API checks again). */
  canUpdate: boolean;
}

/** The message of a failed request: the server's, or none (the panel says something went wrong). */
const failure = (e: unknown) => {
  const { message } = apiFailure(e, '');
  return { type: 'failed' as const, ...(message ? { message } : {}) };
};

/**
 * Photos and face enrolment of one employee (issue 5). Shows the photos; with `canUpdate` it
 * uploads a file or a camera shot, checks in the browser that it shows exactly one face (face-api,
 * loaded on first use: quick feedback only), and sends the photo asking the server to enrol it
 * (`enrol: true`) only when the employee's biometric consent is recorded; the server computes the
 * descriptor from the photo itself (issue 34.4). Without `canUpdate` it is a read-only gallery (employee details).
 *
 * Its states are the pure reducer in photo-enrolment-machine.ts; this island performs the
 * requests and the detection (use-face-detection.ts) and feeds their outcome to it.
 */
export default function PhotoEnrolment({ lang, employeeId, canUpdate }: Props) {
  const t = translator(lang);
  const [answer, setAnswer] = useState<EmployeePhotosAnswer | null>(null);
  const [state, dispatch] = useReducer(photoPanelReducer, initialPhotoPanelState);
  const { status, working, camera, deleting, withdrawing } = state;
  const fileInput = useRef<HTMLInputElement>(null);
  const face = useFaceDetection(useCallback((step: 'loading-models' | 'detecting') => dispatch({ type: step }), []));

  async function refresh() {
    try {
      setAnswer(await api('GET /api/employees/{id}/photos', { params: [employeeId], lang }));
    } catch (e) {
      dispatch(failure(e));
    }
  }
  useEffect(() => {
    void refresh();
  }, [employeeId]); // eslint-disable-line react-hooks/exhaustive-deps -- refresh is rebuilt every render; it reads again when the employee changes

  const consent = answer?.consent ?? null;

  /** Detect, then upload: the one path for files and camera shots. */
  async function enrol(source: HTMLImageElement | HTMLCanvasElement, dataUrl: string) {
    let faceapi: FaceEngine;
    try {
      faceapi = await face.engine();
    } catch {
      dispatch({ type: 'models-failed' });
      return;
    }
    let found: FaceResult;
    try {
      found = await face.describe(faceapi, source);
    } catch {
      dispatch({ type: 'no-face' });
      return;
    }
    if (found.kind !== 'one') {
      dispatch({ type: 'no-face' });
      return;
    }
    dispatch({ type: 'uploading' });
    try {
      const sent = await api('POST /api/employees/{id}/photos', {
        params: [employeeId],
        lang,
        // The server computes the face data from the photo itself (issue 34.4), only with the employee's recorded consent.
        body: { image: dataUrl, enrol: consent !== null },
      });
      dispatch({ type: 'uploaded', message: sent.message, ...(sent.notice !== undefined ? { notice: sent.notice } : {}), faceData: sent.data.faceData });
      await refresh();
    } catch (e) {
      dispatch(failure(e));
    }
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    dispatch({ type: 'start' });
    try {
      const prepared = await prepareFile(file);
      if (!prepared) {
        dispatch({ type: 'not-an-image' });
        return;
      }
      await enrol(prepared.image, prepared.dataUrl);
    } finally {
      dispatch({ type: 'finish' });
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function onCapture(video: HTMLVideoElement) {
    const frame = grabFrame(video);
    if (!frame) return;
    dispatch({ type: 'captured' });
    try {
      await enrol(frame.canvas, frame.dataUrl);
    } finally {
      dispatch({ type: 'finish' });
    }
  }

  /** Face data for a photo kept before consent was recorded. */
  async function enrolExisting(photo: EmployeePhotoDto) {
    dispatch({ type: 'start' });
    try {
      // The server computes the face data from the photo on file (issue 34.4): no numbers are sent.
      const sent = await api('PUT /api/employees/{id}/photos/{id}/descriptor', { params: [employeeId, photo._id], lang, body: {} });
      dispatch({ type: 'face-saved', message: sent.message });
      await refresh();
    } catch (e) {
      dispatch(failure(e));
    } finally {
      dispatch({ type: 'finish' });
    }
  }

  async function setConsent(value: boolean) {
    dispatch({ type: 'start' });
    try {
      const sent = await api('PUT /api/employees/{id}/consent', { params: [employeeId], lang, body: { consent: value } });
      dispatch({ type: 'consent-saved', message: sent.message });
      await refresh();
    } catch (e) {
      dispatch(failure(e));
    } finally {
      dispatch({ type: 'finish' });
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    dispatch({ type: 'start' });
    try {
      const sent = await api('DELETE /api/employees/{id}/photos/{id}', { params: [employeeId, deleting._id], lang });
      dispatch({ type: 'photo-deleted', message: sent.message });
      await refresh();
    } catch (e) {
      dispatch(failure(e));
    } finally {
      dispatch({ type: 'finish' });
    }
  }

  const when = (iso: string) => new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const photos = answer?.data ?? [];

  return (
    <section className="rounded-2xl border border-line bg-card p-6" aria-labelledby="photos-title" data-testid="photo-panel">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="photos-title" className="text-lg font-semibold">
            {t('photos.title')}
          </h2>
          <p className="text-sm text-muted">{t('photos.hint')}</p>
        </div>
        {canUpdate && (
          <div className="flex flex-wrap gap-2">
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="photo-file-input"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            <button type="button" className={primaryButton} disabled={working} onClick={() => fileInput.current?.click()} data-testid="photo-upload">
              <Upload size={18} aria-hidden="true" />
              {t('photos.upload')}
            </button>
            <button type="button" className={secondaryButton} disabled={working} onClick={() => dispatch({ type: 'open-camera' })} data-testid="photo-camera">
              <Camera size={18} aria-hidden="true" />
              {t('photos.takePhoto')}
            </button>
          </div>
        )}
      </div>

      <ConsentBox t={t} consent={consent} disabled={!canUpdate || working || answer === null} when={when} onGive={() => void setConsent(true)} onWithdraw={() => dispatch({ type: 'ask-withdraw' })} />

      <PhotoStatusBox t={t} status={status} />

      {answer !== null && photos.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">{t('photos.none')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label={t('photos.title')}>
          {photos.map((photo) => (
            <PhotoCard
              key={photo._id}
              t={t}
              photo={photo}
              when={when}
              canUpdate={canUpdate}
              canEnrol={consent !== null}
              busy={working}
              onEnrol={() => void enrolExisting(photo)}
              onDelete={() => dispatch({ type: 'ask-delete', photo })}
            />
          ))}
        </ul>
      )}

      {canUpdate && (
        <>
          <CameraDialog lang={lang} open={camera} onClose={() => dispatch({ type: 'close-camera' })} onCapture={(video) => void onCapture(video)} />
          <ConfirmDialog
            open={deleting !== null}
            title={t('photos.delete')}
            question={t('photos.deleteQuestion')}
            cancelLabel={t('form.cancel')}
            confirmLabel={t('form.delete')}
            closeLabel={t('common.close')}
            busy={working}
            confirmTestId="confirm-photo-delete"
            onCancel={() => dispatch({ type: 'cancel-delete' })}
            onConfirm={() => void confirmDelete()}
          />
          <ConfirmDialog
            open={withdrawing}
            title={t('photos.withdrawTitle')}
            question={t('photos.withdrawQuestion')}
            cancelLabel={t('form.cancel')}
            confirmLabel={t('photos.withdraw')}
            closeLabel={t('common.close')}
            busy={working}
            confirmTestId="confirm-withdraw"
            onCancel={() => dispatch({ type: 'cancel-withdraw' })}
            onConfirm={() => void setConsent(false)}
          />
        </>
      )}
    </section>
  );
}
