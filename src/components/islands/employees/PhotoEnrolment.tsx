import { useEffect, useRef, useState } from 'react';
import { Camera, CheckCircle2, ScanFace, Trash2, Upload } from 'lucide-react';
import type { EmployeePhotoDto, EmployeePhotosAnswer } from '../../../domain/employees/employee-photos.ts';
import { localeOf } from '../../../domain/format/intl-format.ts';
import type { Language } from '../../../i18n/languages.ts';
import { translator } from '../../../i18n/translate.ts';
import { api, ApiError } from '../../../lib/client/api.ts';
import { describeSingleFace, faceEngineReady, loadFaceEngine, type FaceEngine } from '../../../lib/client/face/face-engine.ts';
import { jpegDataUrl, loadImage, prepareFile } from '../../../lib/client/face/photo-input.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { dangerButton, iconButton, primaryButton, secondaryButton } from '../ui/buttons.ts';

export { employeeImageUrl, photoImageUrl } from '../../../domain/employees/employee-photos.ts';

interface Props {
  lang: Language;
  employeeId: number;
  /** The user may add and remove photos and record consent (the API checks again). */
  canUpdate: boolean;
}

type Status = { kind: 'busy' | 'success' | 'error' | 'info'; text: string; note?: string };

/**
 * Lets React paint a status before face detection, which can hold the main thread for seconds on
 * a CPU backend (otherwise "Looking for a face…" would never show).
 */
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const STATUS_STYLE: Record<Status['kind'], string> = {
  busy: 'border-line bg-card text-ink',
  info: 'border-line bg-card text-ink',
  success: 'border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  error: 'border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
};

/**
 * Photos and face enrolment of one employee (issue 5). Shows the photos; with `canUpdate` it
 * uploads a file or a camera shot, finds exactly one face in the browser (face-api, loaded on
 * first use), and sends the photo with its 128-value descriptor only when the employee's
 * biometric consent is recorded. Without `canUpdate` it is a read-only gallery (employee details).
 */
export default function PhotoEnrolment({ lang, employeeId, canUpdate }: Props) {
  const t = translator(lang);
  const [answer, setAnswer] = useState<EmployeePhotosAnswer | null>(null);
  const [status, setStatusState] = useState<(Status & { seq: number }) | null>(null);
  const seq = useRef(0);
  /** Every status gets a new sequence number, so a repeated message is still a new message. */
  const setStatus = (next: Status) => setStatusState({ ...next, seq: ++seq.current });
  const [working, setWorking] = useState(false);
  const [camera, setCamera] = useState(false);
  const [deleting, setDeleting] = useState<EmployeePhotoDto | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const base = `/employees/${employeeId}`;

  async function refresh() {
    try {
      setAnswer(await api<EmployeePhotosAnswer>(`${base}/photos`, { lang }));
    } catch (e) {
      setStatus({ kind: 'error', text: e instanceof ApiError ? e.message : t('errors.somethingWentWrong') });
    }
  }
  useEffect(() => {
    void refresh();
  }, [employeeId]);

  const consent = answer?.consent ?? null;

  async function engine(): Promise<FaceEngine> {
    if (!faceEngineReady()) {
      setStatus({ kind: 'busy', text: t('messages.loadingModels') });
      await nextPaint();
    }
    return loadFaceEngine();
  }

  /** Detect, then upload: the one path for files and camera shots. */
  async function enrol(source: HTMLImageElement | HTMLCanvasElement, dataUrl: string) {
    let faceapi: FaceEngine;
    try {
      faceapi = await engine();
    } catch {
      setStatus({ kind: 'error', text: t('photos.modelsFailed') });
      return;
    }
    setStatus({ kind: 'busy', text: t('photos.analysing') });
    await nextPaint();
    let face: Awaited<ReturnType<typeof describeSingleFace>>;
    try {
      face = await describeSingleFace(faceapi, source);
    } catch {
      setStatus({ kind: 'error', text: t('messages.imageNotRecognized') });
      return;
    }
    if (face.kind !== 'one') {
      setStatus({ kind: 'error', text: t('messages.imageNotRecognized') });
      return;
    }
    setStatus({ kind: 'busy', text: t('photos.uploading') });
    try {
      const sent = await api<{ data: EmployeePhotoDto; message: string; notice?: string }>(`${base}/photos`, {
        method: 'POST',
        lang,
        // Biometric data leaves the browser only with the employee's recorded consent.
        body: { image: dataUrl, descriptor: consent ? face.descriptor : null },
      });
      const note = sent.notice ?? (sent.data.faceData ? undefined : t('photos.keptWithoutFaceData'));
      setStatus({ kind: 'success', text: sent.message, ...(note ? { note } : {}) });
      await refresh();
    } catch (e) {
      setStatus({ kind: 'error', text: e instanceof ApiError ? e.message : t('errors.somethingWentWrong') });
    }
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    setWorking(true);
    try {
      const prepared = await prepareFile(file);
      if (!prepared) {
        setStatus({ kind: 'error', text: t('photos.notAnImage') });
        return;
      }
      await enrol(prepared.image, prepared.dataUrl);
    } finally {
      setWorking(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function onCapture(video: HTMLVideoElement) {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')!.drawImage(video, 0, 0, width, height);
    setCamera(false);
    setWorking(true);
    try {
      await enrol(canvas, jpegDataUrl(canvas, width, height));
    } finally {
      setWorking(false);
    }
  }

  /** Face data for a photo kept before consent was recorded. */
  async function enrolExisting(photo: EmployeePhotoDto) {
    setWorking(true);
    try {
      const faceapi = await engine();
      setStatus({ kind: 'busy', text: t('photos.analysing') });
      await nextPaint();
      const face = await describeSingleFace(faceapi, await loadImage(photo.url));
      if (face.kind !== 'one') {
        setStatus({ kind: 'error', text: t('messages.imageNotRecognized') });
        return;
      }
      const sent = await api<{ message: string }>(`${base}/photos/${photo._id}/descriptor`, { method: 'PUT', lang, body: { descriptor: face.descriptor } });
      setStatus({ kind: 'success', text: sent.message });
      await refresh();
    } catch (e) {
      setStatus({ kind: 'error', text: e instanceof ApiError ? e.message : t('errors.somethingWentWrong') });
    } finally {
      setWorking(false);
    }
  }

  async function setConsent(value: boolean) {
    setWorking(true);
    try {
      const sent = await api<{ message: string }>(`${base}/consent`, { method: 'PUT', lang, body: { consent: value } });
      setStatus({ kind: 'success', text: sent.message });
      setWithdrawing(false);
      await refresh();
    } catch (e) {
      setStatus({ kind: 'error', text: e instanceof ApiError ? e.message : t('errors.somethingWentWrong') });
    } finally {
      setWorking(false);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setWorking(true);
    try {
      const sent = await api<{ message: string }>(`${base}/photos/${deleting._id}`, { method: 'DELETE', lang });
      setStatus({ kind: 'success', text: sent.message });
      setDeleting(null);
      await refresh();
    } catch (e) {
      setStatus({ kind: 'error', text: e instanceof ApiError ? e.message : t('errors.somethingWentWrong') });
    } finally {
      setWorking(false);
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
            <button type="button" className={secondaryButton} disabled={working} onClick={() => setCamera(true)} data-testid="photo-camera">
              <Camera size={18} aria-hidden="true" />
              {t('photos.takePhoto')}
            </button>
          </div>
        )}
      </div>

      <div className="mb-4 rounded-xl border border-line p-4">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5 accent-primary"
            checked={consent !== null}
            disabled={!canUpdate || working || answer === null}
            onChange={(e) => (e.target.checked ? void setConsent(true) : setWithdrawing(true))}
            data-testid="consent-checkbox"
          />
          <span>
            <span className="font-medium">{t('photos.consentLabel')}</span>
            <span className="block text-sm text-muted" data-testid="consent-record">
              {consent
                ? t('photos.consentRecordedBy', { date: when(consent.at), name: consent.byName ?? '—' })
                : t('photos.consentMissing')}
            </span>
          </span>
        </label>
      </div>

      <div role="status" aria-live="polite" className="min-h-0">
        {status && (
          <div className={`mb-4 rounded-xl border px-4 py-3 text-sm ${STATUS_STYLE[status.kind]}`} data-testid="photo-status" data-kind={status.kind} data-seq={status.seq}>
            <p className="font-medium" data-testid="photo-status-text">
              {status.kind === 'busy' && <span className="me-2 inline-block h-3 w-3 animate-spin rounded-full border-2 border-current border-t-transparent align-middle" aria-hidden="true" />}
              {status.text}
            </p>
            {status.note && <p className="mt-1">{status.note}</p>}
          </div>
        )}
      </div>

      {answer !== null && photos.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">{t('photos.none')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label={t('photos.title')}>
          {photos.map((photo) => (
            <li key={photo._id} className="overflow-hidden rounded-xl border border-line" data-testid="photo-card" data-face={photo.faceData ? 'yes' : 'no'}>
              <img src={photo.url} alt={t('photos.photoFrom', { date: when(photo.createdAt) })} className="aspect-square w-full bg-gray-200 object-cover dark:bg-gray-800" loading="lazy" />
              <div className="flex items-center justify-between gap-2 p-2">
                <div className="flex min-w-0 flex-col text-xs">
                  {photo.current && (
                    <span className="inline-flex items-center gap-1 font-semibold text-accent">
                      <CheckCircle2 size={14} aria-hidden="true" />
                      {t('photos.current')}
                    </span>
                  )}
                  <span className={photo.faceData ? 'text-emerald-800 dark:text-emerald-200' : 'text-muted'}>
                    {photo.faceData ? t('photos.faceData') : t('photos.noFaceData')}
                  </span>
                </div>
                {canUpdate && (
                  <div className="flex shrink-0 gap-1">
                    {consent && !photo.faceData && (
                      <button type="button" className={iconButton} disabled={working} onClick={() => void enrolExisting(photo)} aria-label={t('photos.enrol')} title={t('photos.enrol')}>
                        <ScanFace size={16} aria-hidden="true" />
                      </button>
                    )}
                    <button type="button" className={iconButton} disabled={working} onClick={() => setDeleting(photo)} aria-label={t('photos.delete')} title={t('photos.delete')} data-testid="photo-delete">
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      {canUpdate && (
        <>
          <CameraDialog lang={lang} open={camera} onClose={() => setCamera(false)} onCapture={(video) => void onCapture(video)} />
          <Dialog open={deleting !== null} title={t('photos.delete')} onClose={() => setDeleting(null)} closeLabel={t('common.close')} size="sm">
            <p className="mb-6">{t('photos.deleteQuestion')}</p>
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setDeleting(null)}>
                {t('form.cancel')}
              </button>
              <button type="button" className={dangerButton} onClick={() => void confirmDelete()} disabled={working} data-testid="confirm-photo-delete">
                {t('form.delete')}
              </button>
            </div>
          </Dialog>
          <Dialog open={withdrawing} title={t('photos.withdrawTitle')} onClose={() => setWithdrawing(false)} closeLabel={t('common.close')} size="sm">
            <p className="mb-6">{t('photos.withdrawQuestion')}</p>
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setWithdrawing(false)}>
                {t('form.cancel')}
              </button>
              <button type="button" className={dangerButton} onClick={() => void setConsent(false)} disabled={working} data-testid="confirm-withdraw">
                {t('photos.withdraw')}
              </button>
            </div>
          </Dialog>
        </>
      )}
    </section>
  );
}

/** Live camera preview (getUserMedia) with a capture button; the stream stops when it closes. */
function CameraDialog({ lang, open, onClose, onCapture }: { lang: Language; open: boolean; onClose: () => void; onCapture: (video: HTMLVideoElement) => void }) {
  const t = translator(lang);
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string>();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | undefined;
    let cancelled = false;
    setError(undefined);
    setReady(false);
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
        if (cancelled) return;
        if (video.current) {
          video.current.srcObject = stream;
          await video.current.play();
          setReady(true);
        }
      } catch {
        if (!cancelled) setError(t('photos.cameraUnavailable'));
      }
    })();
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open]);

  return (
    <Dialog open={open} title={t('photos.takePhoto')} onClose={onClose} closeLabel={t('common.close')} size="lg">
      {error ? (
        <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : (
        <video ref={video} className="mb-4 aspect-video w-full rounded-xl bg-black object-contain" muted playsInline data-testid="camera-video" />
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t('form.cancel')}
        </button>
        <button type="button" className={primaryButton} disabled={!ready} onClick={() => video.current && onCapture(video.current)} data-testid="camera-capture">
          <Camera size={18} aria-hidden="true" />
          {t('photos.capture')}
        </button>
      </div>
    </Dialog>
  );
}
