import type { CreateStaffInput } from '@kopi/shared';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { FieldShell, INPUT_CLASS, TextField } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useT } from '../../../lib/i18n';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { useAddMember } from '../api/staff';
import { ADD_MEMBER_FIELDS, type AddMemberValues, ROLE_CHOICES, ROLE_KEYS } from './add-member-values';

const resolver = lazyResolver<AddMemberValues, CreateStaffInput>(async () => (await import('./staff-form-schema')).addMemberResolver);

const EMPTY: AddMemberValues = { email: '', first_name: '', role: 'Cashier', pin: '' };

/** Add a member: an e-mail, a first name, a role and a PIN of 4–6 digits (POST /staff). */
export function AddMemberForm() {
  const t = useT();
  const { register, handleSubmit, reset, setError, formState } = useForm<AddMemberValues, unknown, CreateStaffInput>({
    resolver,
    defaultValues: EMPTY,
  });
  const { errors } = formState;
  const add = useAddMember({
    onSuccess: (member) => {
      reset(EMPTY);
      toast.success(t('admin.staff.added', { name: member.name, role: t(ROLE_KEYS[member.role] ?? 'admin.staff.roleCashier') }));
    },
    onError: (error) => applyFieldErrors(error, ADD_MEMBER_FIELDS, setError),
  });
  // A refusal that names no field (a member already: 409) is said above the button, in the server's words.
  const refusal = add.isError && !(add.error instanceof ApiError && add.error.fieldErrors.length > 0) ? errorMessage(add.error) : undefined;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => add.mutate(values))}
      className="space-y-5 rounded-3xl bg-white p-6 shadow-sm md:p-8"
      aria-labelledby="add-member-heading"
    >
      <div>
        <h2 id="add-member-heading" className="text-xl font-bold">
          {t('admin.staff.add')}
        </h2>
        <p className="text-sm text-roast">{t('admin.staff.addHint')}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('admin.staff.email')} type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <TextField
          label={t('admin.staff.firstName')}
          autoComplete="off"
          maxLength={50}
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <FieldShell label={t('admin.staff.role')} error={errors.role?.message}>
          {({ inputId, describedBy }) => (
            <select id={inputId} aria-describedby={describedBy} className={INPUT_CLASS} {...register('role')}>
              {ROLE_CHOICES.map((role) => (
                <option key={role} value={role}>
                  {t(ROLE_KEYS[role]!)}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
        <TextField
          label={t('admin.staff.pin')}
          hint={t('admin.staff.pinHint')}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          error={errors.pin?.message}
          {...register('pin')}
        />
      </div>
      {refusal && <ErrorMessage message={refusal} />}
      <Button type="submit" busy={add.isPending}>
        {t('admin.staff.addButton')}
      </Button>
    </form>
  );
}
