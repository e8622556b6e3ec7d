import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useLogout } from '../api/auth';

/** docs/decisions/spec-fidelity.md#kept-word-for-word: logout asks 'Are you sure to logout?' with Close and Yes. */
export function LogoutButton({ label, className }: { label: string; className: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const t = useT();
  const logout = useLogout({
    // The device forgets the session either way; the person learns the server did not revoke it.
    onError: (error) => toast.error(`${t('logout.failed')}: ${errorMessage(error)}`),
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
        message={t('logoutConfirm')}
        confirmLabel={t('logout.yes')}
        cancelLabel={t('logout.close')}
        busy={logout.isPending}
        onConfirm={() => logout.mutate()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
