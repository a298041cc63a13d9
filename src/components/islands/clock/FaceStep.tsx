import { Camera, KeyRound, Loader2, MoveHorizontal } from 'lucide-react';
import type { ClockAction } from '#domain/clock/clock-engine.ts';
import { FACE_MESSAGES } from '#domain/messages/spec-messages.ts';
import { secondaryButton } from '../ui/buttons.ts';
import type { FaceHint } from './kiosk-machine.ts';
import { actionLabel } from './kiosk-model.ts';
import type { Translate } from '../ui/machine-text.ts';

const HINTS: Record<FaceHint, string> = {
  loading: FACE_MESSAGES.loadingModels,
  look: 'kiosk.lookAtCamera',
  move: 'kiosk.turnHead',
  many: 'kiosk.oneFaceOnly',
  sending: 'kiosk.recognizing',
};

/**
 * The camera step: what to do, and the way to the PIN pad or back. With the liveness challenge
 * (`liveness`, decision 044) the turn is asked for from the start, before a face is seen: the
 * person reads it while the camera finds them, so the turn comes sooner (decision 045).
 */
export function FaceStep({ t, action, hint, liveness, onUsePin, onCancel }: { t: Translate; action: ClockAction; hint: FaceHint; liveness: boolean; onUsePin: () => void; onCancel: () => void }) {
  const text = hint === 'look' && liveness ? 'kiosk.lookThenTurn' : HINTS[hint];
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="face-step" data-hint={hint}>
      <p className="text-lg font-semibold text-muted">{t(actionLabel(action))}</p>
      <p className="inline-flex items-center gap-3 text-2xl font-semibold" data-testid="face-hint">
        {hint === 'loading' || hint === 'sending' ? (
          <Loader2 size={28} className="animate-spin" aria-hidden="true" />
        ) : hint === 'move' ? (
          // The liveness challenge (decision 044): a turn of the head, not just any movement.
          <MoveHorizontal size={28} aria-hidden="true" />
        ) : (
          <Camera size={28} aria-hidden="true" />
        )}
        {t(text)}
      </p>
      <div className="flex gap-3">
        <button type="button" className={`${secondaryButton} h-14 px-6 text-base`} onClick={onUsePin} disabled={hint === 'sending'} data-testid="use-pin">
          <KeyRound size={20} aria-hidden="true" />
          {t('kiosk.usePin')}
        </button>
        <button type="button" className={`${secondaryButton} h-14 px-6 text-base`} onClick={onCancel} data-testid="kiosk-cancel">
          {t('kiosk.cancel')}
        </button>
      </div>
    </div>
  );
}
