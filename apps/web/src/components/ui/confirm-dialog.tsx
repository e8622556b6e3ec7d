import { Button } from './button';
import { ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action: a modal dialog whose Escape is Cancel. */
export function ConfirmDialog({ open, message, confirmLabel, cancelLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalDialog open={open} onClose={onCancel} aria-labelledby="confirm-dialog-message" className="w-[min(90vw,24rem)]">
      <p id="confirm-dialog-message" className="font-display text-xl font-semibold">
        {message}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="ghost" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="secondary" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
