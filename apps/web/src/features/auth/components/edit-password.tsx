import { MSG } from '@kopi/shared';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/password';
import type { ChangePasswordFormValues } from './auth-form-schemas';

const resolver = lazyResolver<ChangePasswordFormValues, ChangePasswordFormValues>(
  async () => (await import('./auth-form-schemas')).changePasswordResolver,
);

const FIELDS = ['current_password', 'new_password'] as const;

/**
 * The profile's 'Edit Password' (docs/shop-rules.md#accounts-and-roles): a dialog with the current password, the new one and its
 * confirmation.
 */
export function EditPasswordButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<ChangePasswordFormValues>({ resolver });
  const change = useChangePassword({
    onSuccess: () => {
      toast.success(MSG.passwordChanged);
      close();
    },
    onError: (error) => applyFieldErrors(error, FIELDS, setError),
  });

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);

  function close() {
    setOpen(false);
    reset();
    change.reset();
  }

  // Messages that belong under a field are shown there; anything else (429, no connection) above the buttons.
  const showGeneral =
    change.isError && !(change.error instanceof ApiError && change.error.fieldErrors.some((e) => FIELDS.includes(e.field as never)));

  return (
    <>
      <Button variant="ghost" className={className} onClick={() => setOpen(true)}>
        Edit Password
      </Button>
      {/* In <body>: the button may sit inside another form (the profile's), and forms do not nest. */}
      {createPortal(
        <dialog
          ref={dialog}
          aria-labelledby="edit-password-title"
          onCancel={(event) => {
            event.preventDefault();
            if (!change.isPending) close();
          }}
          className="m-auto w-[min(92vw,28rem)] rounded-2xl bg-foam p-6 text-espresso shadow-2xl"
        >
          <h2 id="edit-password-title" className="font-display text-2xl font-bold">
            Edit Password
          </h2>
          <p className="mt-1 mb-5 text-sm text-roast">Your other devices will be signed out; this one stays signed in.</p>
          <form
            noValidate
            onSubmit={(event) => {
              // React passes events up its own tree, through the portal: the profile form must not submit too.
              event.stopPropagation();
              void handleSubmit(({ current_password, new_password }) => change.mutate({ current_password, new_password }))(event);
            }}
            className="space-y-4"
          >
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              error={formState.errors.current_password?.message}
              {...register('current_password')}
            />
            <PasswordField
              label="New password"
              autoComplete="new-password"
              error={formState.errors.new_password?.message}
              {...register('new_password')}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              error={formState.errors.confirm_password?.message}
              {...register('confirm_password')}
            />
            {showGeneral && <ErrorMessage message={errorMessage(change.error)} />}
            {formState.errors.root && <ErrorMessage message={formState.errors.root.message ?? ''} />}
            <div className="flex justify-end gap-3 pt-2">
              <Button variant="ghost" onClick={close} disabled={change.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="secondary" busy={change.isPending}>
                Save Password
              </Button>
            </div>
          </form>
        </dialog>,
        document.body,
      )}
    </>
  );
}
