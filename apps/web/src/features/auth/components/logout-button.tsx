import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@kopi/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';
import { TEXT } from '../../../lib/texts';
import { logout } from '../api/auth';

/** spec §2: logout asks 'Are you sure to logout?' with Close and Yes. */
export function LogoutButton({ label, className }: { label: string; className: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function confirm() {
    setBusy(true);
    try {
      await logout();
    } catch (error) {
      // The device forgets the session either way; the person learns the server did not revoke it.
      toast.error(`${TEXT.logoutFailed}: ${errorMessage(error)}`);
    }
    setOpen(false);
    // Leave first (synchronously): forgetting the session while a guarded page is still shown would
    // make its guard send the person home with 'Silahkan Login Terlebih Dahulu' instead of to /login.
    await navigate('/login', { flushSync: true });
    clearSession();
    queryClient.clear();
    setBusy(false);
  }

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={open}
        message={MSG.logoutConfirm}
        confirmLabel="Yes"
        cancelLabel="Close"
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
