import { type ReactNode, useEffect, useRef } from 'react';

/** A modal <dialog> of the till's: focus stays inside, Escape closes it. */
export function TillDialog({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(94vw,30rem)] rounded-2xl bg-foam p-5 text-espresso shadow-2xl backdrop:bg-espresso/40"
    >
      {children}
    </dialog>
  );
}
