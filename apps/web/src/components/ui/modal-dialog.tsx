import { type DialogHTMLAttributes, useEffect, useRef } from 'react';

interface ModalDialogProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onCancel' | 'onClose'> {
  open: boolean;
  /** Escape asks to close: granted unless `busy` (a request in flight is not left without its answer). */
  onClose: () => void;
  busy?: boolean;
  /** Called each time it opens, before it shows (a form made empty again). */
  onOpen?: () => void;
}

/**
 * The one modal `<dialog>` of the screens: shown with showModal() while `open` (the browser traps
 * the focus inside, makes the page behind it inert and gives the focus back on closing), and Escape
 * closes it through `onClose`, so the state that says it is open stays the only truth.
 */
export function ModalDialog({
  open,
  onClose,
  busy = false,
  onOpen,
  className = 'w-[min(92vw,28rem)]',
  children,
  ...rest
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opening = useRef(onOpen);
  opening.current = onOpen;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opening.current?.();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      className={`m-auto rounded-2xl bg-foam p-6 text-espresso shadow-2xl ${className}`}
      {...rest}
    >
      {children}
    </dialog>
  );
}
