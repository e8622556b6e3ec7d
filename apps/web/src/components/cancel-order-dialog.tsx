import { REASON_MAX } from '@kopi/shared';
import { useEffect, useId, useState } from 'react';
import { useT } from '../lib/i18n';
import { useOnline } from '../lib/use-online';
import { Button } from './ui/button';
import { INPUT_CLASS } from './ui/field';
import { ModalDialog } from './ui/modal-dialog';

interface CancelOrderDialogProps {
  open: boolean;
  title: string;
  /** An admin must give a reason (1–200 characters); a customer may. */
  reasonRequired: boolean;
  busy: boolean;
  error?: string;
  onConfirm: (reason: string | undefined) => void;
  onClose: () => void;
}

/** Asks before an order is cancelled, with the reason the customer will read. */
export function CancelOrderDialog({ open, title, reasonRequired, busy, error, onConfirm, onClose }: CancelOrderDialogProps) {
  const t = useT();
  const titleId = useId();
  const reasonId = useId();
  const hintId = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  // An error seen while the phone was offline ("The shop cannot be reached…") is old news once the
  // network is back: it goes until the next attempt says otherwise.
  const online = useOnline();
  const [outdated, setOutdated] = useState<string>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the network's coming back outdates the error shown
  useEffect(() => {
    if (online && error) setOutdated(error);
  }, [online]);
  useEffect(() => {
    if (busy) setOutdated(undefined);
  }, [busy]);
  const shownError = error !== undefined && error !== outdated ? error : undefined;
  const trimmed = reason.trim();
  const missing = reasonRequired && trimmed === '';

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      busy={busy}
      onOpen={() => {
        setReason('');
        setTried(false);
      }}
      aria-labelledby={titleId}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!missing) onConfirm(trimmed || undefined);
        }}
        className="space-y-4"
      >
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="font-semibold text-roast">
            {reasonRequired ? t('cancel.reasonLabel') : t('cancel.reasonOptional')}
          </label>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required={reasonRequired}
            aria-invalid={tried && missing ? true : undefined}
            aria-describedby={hintId}
            className={INPUT_CLASS}
          />
          <p id={hintId} className={`text-sm ${tried && missing ? 'font-medium text-berry' : 'text-roast'}`}>
            {reasonRequired ? t('cancel.reasonHint') : t('cancel.atMost', { max: REASON_MAX })} ({reason.length}/{REASON_MAX})
          </p>
        </div>
        {shownError && (
          <p role="alert" className="text-sm font-medium text-berry">
            {shownError}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('cancel.keep')}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {t('cancel.confirm')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
