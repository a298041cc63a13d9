import type { MachineText } from '../ui/machine-text.ts';
import type { EmployeePhotoDto } from '#domain/employees/employee-photos.ts';

/**
 * The photo panel's states as a pure reducer: the status line (models loading, detecting,
 * uploading, no face, enrolled, kept without face data for want of consent, errors), whether a
 * request is under way, and which dialog is open. No React, no I/O: the island performs the
 * requests and feeds their outcome here.
 */

/** A text on screen: an i18n key the island translates, or a message the server already worded. */
export type PhotoText = MachineText;

export interface PhotoStatus {
  kind: 'busy' | 'success' | 'error' | 'info';
  text: PhotoText;
  note?: PhotoText;
  /** Every status gets a new number, so a repeated message is still a new message. */
  seq: number;
}

export interface PhotoPanelState {
  status: PhotoStatus | null;
  seq: number;
  /** A request or a detection is under way: the buttons wait. */
  working: boolean;
  /** The camera dialog is open. */
  camera: boolean;
  /** The photo whose deletion waits for confirmation. */
  deleting: EmployeePhotoDto | null;
  /** Withdrawing the consent waits for confirmation. */
  withdrawing: boolean;
}

export type PhotoPanelEvent =
  | { type: 'start' }
  | { type: 'finish' }
  | { type: 'open-camera' }
  | { type: 'close-camera' }
  /** A camera shot taken: the dialog closes and its detection starts. */
  | { type: 'captured' }
  | { type: 'ask-delete'; photo: EmployeePhotoDto }
  | { type: 'cancel-delete' }
  | { type: 'ask-withdraw' }
  | { type: 'cancel-withdraw' }
  | { type: 'loading-models' }
  | { type: 'detecting' }
  | { type: 'uploading' }
  | { type: 'models-failed' }
  | { type: 'not-an-image' }
  | { type: 'no-face' }
  /** A new photo stored; without face data when the consent is missing (unless the server says why). */
  | { type: 'uploaded'; message: string; notice?: string; faceData: boolean }
  /** Face data added to a kept photo. */
  | { type: 'face-saved'; message: string }
  | { type: 'consent-saved'; message: string }
  | { type: 'photo-deleted'; message: string }
  /** A request failed: the server's message, or a generic one. */
  | { type: 'failed'; message?: string };

export const initialPhotoPanelState: PhotoPanelState = { status: null, seq: 0, working: false, camera: false, deleting: null, withdrawing: false };

function status(state: PhotoPanelState, kind: PhotoStatus['kind'], text: PhotoText, note?: PhotoText): PhotoPanelState {
  const seq = state.seq + 1;
  return { ...state, seq, status: { kind, text, ...(note ? { note } : {}), seq } };
}

export function photoPanelReducer(state: PhotoPanelState, event: PhotoPanelEvent): PhotoPanelState {
  switch (event.type) {
    case 'start':
      return { ...state, working: true };
    case 'finish':
      return { ...state, working: false };
    case 'open-camera':
      return { ...state, camera: true };
    case 'close-camera':
      return { ...state, camera: false };
    case 'captured':
      return { ...state, camera: false, working: true };
    case 'ask-delete':
      return { ...state, deleting: event.photo };
    case 'cancel-delete':
      return { ...state, deleting: null };
    case 'ask-withdraw':
      return { ...state, withdrawing: true };
    case 'cancel-withdraw':
      return { ...state, withdrawing: false };
    case 'loading-models':
      return status(state, 'busy', { key: 'messages.loadingModels' });
    case 'detecting':
      return status(state, 'busy', { key: 'photos.analysing' });
    case 'uploading':
      return status(state, 'busy', { key: 'photos.uploading' });
    case 'models-failed':
      return status(state, 'error', { key: 'photos.modelsFailed' });
    case 'not-an-image':
      return status(state, 'error', { key: 'photos.notAnImage' });
    case 'no-face':
      return status(state, 'error', { key: 'messages.imageNotRecognized' });
    case 'uploaded': {
      const note: PhotoText | undefined = event.notice !== undefined ? (event.notice ? { text: event.notice } : undefined) : event.faceData ? undefined : { key: 'photos.keptWithoutFaceData' };
      return status(state, 'success', { text: event.message }, note);
    }
    case 'face-saved':
      return status(state, 'success', { text: event.message });
    case 'consent-saved':
      return { ...status(state, 'success', { text: event.message }), withdrawing: false };
    case 'photo-deleted':
      return { ...status(state, 'success', { text: event.message }), deleting: null };
    case 'failed':
      return status(state, 'error', event.message === undefined ? { key: 'errors.somethingWentWrong' } : { text: event.message });
  }
}
