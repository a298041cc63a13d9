import { Dialog } from '../ui/Dialog.tsx';
import { dangerButton, secondaryButton } from '../ui/buttons.ts';

/** A small question with Cancel and a dangerous confirm button. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  question: string;
  cancelLabel: string;
  confirmLabel: string;
  closeLabel: string;
  busy: boolean;
  confirmTestId: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={props.open} title={props.title} onClose={props.onCancel} closeLabel={props.closeLabel} size="sm">
      <p className="mb-6">{props.question}</p>
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={props.onCancel}>
          {props.cancelLabel}
        </button>
        <button type="button" className={dangerButton} onClick={props.onConfirm} disabled={props.busy} data-testid={props.confirmTestId}>
          {props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
