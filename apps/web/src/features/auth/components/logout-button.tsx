import { MSG } from '@kopi/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { TEXT } from '../../../lib/texts';
import { toast } from '../../../lib/toast';
import { useLogout } from '../api/auth';

/** docs/decisions/spec-fidelity.md#kept-word-for-word: logout asks 'Are you sure to logout?' with Close and Yes. */
export function LogoutButton({ label, className }: { label: string; className: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const logout = useLogout({
    // The device forgets the session either way; the person learns the server did not revoke it.
    onError: (error) => toast.error(`${TEXT.logoutFailed}: ${errorMessage(error)}`),
    onSettled: async () => {
      setOpen(false);
      // Leave first (synchronously): forgetting the session while a guarded page is still shown would
      // make its guard send the person home with 'Silahkan Login Terlebih Dahulu' instead of to /login.
      await navigate('/login', { flushSync: true });
    },
  });

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
        busy={logout.isPending}
        onConfirm={() => logout.mutate()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
