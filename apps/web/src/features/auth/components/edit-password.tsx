import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useT } from '../../../lib/i18n';
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
  const t = useT();
  const { register, handleSubmit, reset, setError, formState } = useForm<ChangePasswordFormValues>({ resolver });
  const change = useChangePassword({
    onSuccess: () => {
      toast.success(t('passwordChanged'));
      close();
    },
    onError: (error) => applyFieldErrors(error, FIELDS, setError),
  });

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
        {t('password.edit')}
      </Button>
      {/* In <body>: the button may sit inside another form (the profile's), and forms do not nest. */}
      {createPortal(
        <ModalDialog open={open} onClose={close} busy={change.isPending} aria-labelledby="edit-password-title">
          <h2 id="edit-password-title" className="font-display text-2xl font-bold">
            {t('password.edit')}
          </h2>
          <p className="mt-1 mb-5 text-sm text-roast">{t('password.editLead')}</p>
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
              label={t('password.current')}
              autoComplete="current-password"
              error={formState.errors.current_password?.message}
              {...register('current_password')}
            />
            <PasswordField
              label={t('password.new')}
              autoComplete="new-password"
              error={formState.errors.new_password?.message}
              {...register('new_password')}
            />
            <PasswordField
              label={t('password.confirm')}
              autoComplete="new-password"
              error={formState.errors.confirm_password?.message}
              {...register('confirm_password')}
            />
            {showGeneral && <ErrorMessage message={errorMessage(change.error)} />}
            {formState.errors.root && <ErrorMessage message={formState.errors.root.message ?? ''} />}
            <div className="flex justify-end gap-3 pt-2">
              <Button variant="ghost" onClick={close} disabled={change.isPending}>
                {t('password.cancel')}
              </Button>
              <Button type="submit" variant="secondary" busy={change.isPending}>
                {t('password.save')}
              </Button>
            </div>
          </form>
        </ModalDialog>,
        document.body,
      )}
    </>
  );
}
