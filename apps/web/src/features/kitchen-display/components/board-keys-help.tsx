import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { type MessageKey, useT } from '../../../lib/i18n';

/** The bump bar's keys and what each does. */
const KEYS: [key: string | MessageKey, what: MessageKey][] = [
  ['1 – 9', 'admin.board.keySelect'],
  ['← →', 'admin.board.keyAcross'],
  ['↑ ↓', 'admin.board.keyWithin'],
  ['admin.board.keySpaceOrEnter', 'admin.board.keyMove'],
  ['U', 'admin.board.keyUndo'],
  ['Esc', 'admin.board.keyEscape'],
  ['?', 'admin.board.keyHelp'],
];

/** The "?" overlay: the bump bar's keys. A modal <dialog>: Escape closes it. */
export function BoardKeysHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <ModalDialog open={open} onClose={onClose} aria-labelledby="board-keys-heading">
      <h2 id="board-keys-heading" className="font-display text-2xl font-semibold">
        {t('admin.board.keysHeading')}
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {KEYS.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded-md bg-espresso px-2 py-0.5 font-sans text-sm font-bold whitespace-nowrap text-crema">
                {key.startsWith('admin.') ? t(key as MessageKey) : key}
              </kbd>
            </dt>
            <dd>{t(what)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" className="min-h-11" onClick={onClose}>
          {t('admin.close')}
        </Button>
      </div>
    </ModalDialog>
  );
}
