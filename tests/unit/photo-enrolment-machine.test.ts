import { describe, expect, it } from 'vitest';
import { initialPhotoPanelState, photoPanelReducer, type PhotoPanelEvent, type PhotoPanelState } from '../../src/components/islands/employees/photo-enrolment-machine.ts';
import type { EmployeePhotoDto } from '../../src/domain/employees/employee-photos.ts';

const run = (...events: PhotoPanelEvent[]) => events.reduce<PhotoPanelState>(photoPanelReducer, initialPhotoPanelState);
const photo = { _id: 7 } as unknown as EmployeePhotoDto;

describe('photo panel machine', () => {
  it('walks a file through models, detection and upload, numbering each status', () => {
    const steps = [
      run({ type: 'start' }, { type: 'loading-models' }),
      run({ type: 'start' }, { type: 'loading-models' }, { type: 'detecting' }),
      run({ type: 'start' }, { type: 'loading-models' }, { type: 'detecting' }, { type: 'uploading' }),
    ];
    expect(steps.map((s) => [s.status?.kind, s.status?.text, s.status?.seq, s.working])).toEqual([
      ['busy', { key: 'messages.loadingModels' }, 1, true],
      ['busy', { key: 'photos.analysing' }, 2, true],
      ['busy', { key: 'photos.uploading' }, 3, true],
    ]);
  });
  it('a repeated message is a new status', () => {
    const once = run({ type: 'no-face' });
    const twice = photoPanelReducer(once, { type: 'no-face' });
    expect(twice.status).toEqual({ kind: 'error', text: { key: 'messages.imageNotRecognized' }, seq: 2 });
  });
  it('errors: models, not an image, no face, a failed request', () => {
    expect(run({ type: 'models-failed' }).status?.text).toEqual({ key: 'photos.modelsFailed' });
    expect(run({ type: 'not-an-image' }).status?.text).toEqual({ key: 'photos.notAnImage' });
    expect(run({ type: 'failed', message: 'Too big' }).status).toMatchObject({ kind: 'error', text: { text: 'Too big' } });
    expect(run({ type: 'failed' }).status).toMatchObject({ kind: 'error', text: { key: 'errors.somethingWentWrong' } });
  });
  it('enrolled with face data; kept without it when the consent is missing, unless the server says why', () => {
    expect(run({ type: 'uploaded', message: 'Saved', faceData: true }).status).toEqual({ kind: 'success', text: { text: 'Saved' }, seq: 1 });
    expect(run({ type: 'uploaded', message: 'Saved', faceData: false }).status?.note).toEqual({ key: 'photos.keptWithoutFaceData' });
    expect(run({ type: 'uploaded', message: 'Saved', notice: 'Duplicate face', faceData: false }).status?.note).toEqual({ text: 'Duplicate face' });
  });
  it('the camera dialog: open, close, a shot closes it and starts work', () => {
    expect(run({ type: 'open-camera' }).camera).toBe(true);
    expect(run({ type: 'open-camera' }, { type: 'close-camera' }).camera).toBe(false);
    expect(run({ type: 'open-camera' }, { type: 'captured' })).toMatchObject({ camera: false, working: true });
    expect(run({ type: 'captured' }, { type: 'finish' }).working).toBe(false);
  });
  it('deleting and withdrawing ask first and close once done', () => {
    expect(run({ type: 'ask-delete', photo }).deleting).toBe(photo);
    expect(run({ type: 'ask-delete', photo }, { type: 'cancel-delete' }).deleting).toBeNull();
    expect(run({ type: 'ask-delete', photo }, { type: 'photo-deleted', message: 'Deleted' })).toMatchObject({ deleting: null, status: { kind: 'success', text: { text: 'Deleted' } } });
    expect(run({ type: 'ask-withdraw' }).withdrawing).toBe(true);
    expect(run({ type: 'ask-withdraw' }, { type: 'cancel-withdraw' }).withdrawing).toBe(false);
    expect(run({ type: 'ask-withdraw' }, { type: 'consent-saved', message: 'Withdrawn' })).toMatchObject({ withdrawing: false, status: { kind: 'success' } });
    expect(run({ type: 'ask-withdraw' }, { type: 'failed' }).withdrawing).toBe(true);
    expect(run({ type: 'face-saved', message: 'Face added' }).status?.text).toEqual({ text: 'Face added' });
  });
});
