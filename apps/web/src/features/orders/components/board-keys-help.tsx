import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { ORDER_TEXT } from '../texts';

/** The "?" overlay: the bump bar's keys. A modal <dialog>: Escape closes it. */
export function BoardKeysHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      aria-labelledby="board-keys-heading"
      className="m-auto w-[min(92vw,28rem)] rounded-2xl bg-foam p-6 text-espresso shadow-2xl"
    >
      <h2 id="board-keys-heading" className="font-display text-2xl font-semibold">
        {ORDER_TEXT.keysHeading}
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {ORDER_TEXT.keys.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded-md bg-espresso px-2 py-0.5 font-sans text-sm font-bold whitespace-nowrap text-crema">{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" className="min-h-11" onClick={onClose}>
          {ORDER_TEXT.keysClose}
        </Button>
      </div>
    </dialog>
  );
}
