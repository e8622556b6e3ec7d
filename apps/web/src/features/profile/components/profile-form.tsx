import type { Profile } from '@kopi/shared';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ImagePicker } from '../../../components/ui/image-picker';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { toFormData } from '../../../lib/form-data';
import { useT } from '../../../lib/i18n';
import { imageSources, imageUrl } from '../../../lib/image-url';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/profile';
import type { ProfileFormOutput, ProfileFormValues } from './profile-form-schema';

const resolver = lazyResolver<ProfileFormValues, ProfileFormOutput>(async () => (await import('./profile-form-schema')).profileResolver);

const FIELDS = ['display_name', 'first_name', 'last_name', 'address', 'phone', 'birthday', 'gender', 'images'] as const;
type FieldName = (typeof FIELDS)[number];

function valuesOf(profile: Profile): ProfileFormValues {
  return {
    display_name: profile.display_name ?? '',
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    address: profile.address ?? '',
    phone: profile.phone ?? '',
    birthday: profile.birthday ?? '',
    gender: profile.gender ?? '',
    images: undefined,
  };
}

/**
 * The profile (docs/decisions/spec-fidelity.md#forms): read-only until the edit icon is pressed; only changed fields are sent. `children`
 * are the account's buttons (Edit Password, Log out), composed in by the route.
 */
export function ProfileForm({ profile, children }: { profile: Profile; children?: ReactNode }) {
  const [editing, setEditing] = useState(false);
  const t = useT();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver,
    defaultValues: valuesOf(profile),
  });
  const { errors, dirtyFields, isDirty } = formState;

  const save = useUpdateProfile({
    onSuccess: (saved) => {
      // docs/decisions/spec-fidelity.md#forms: the edits are cleared, the fields return to read-only and the profile reloads.
      reset(valuesOf(saved));
      setEditing(false);
      toast.success(t('profileSuccess'));
    },
    onError: (error) => {
      // docs/decisions/spec-fidelity.md#fixed: the spec's version only logged this failure.
      toast.error(t('profileFailed'));
      applyFieldErrors(error, FIELDS, setError);
    },
  });

  function submit(values: ProfileFormOutput) {
    const changed = Object.fromEntries(Object.entries(values).filter(([name]) => dirtyFields[name as FieldName]));
    save.mutate(toFormData(changed));
  }

  function cancel() {
    reset(valuesOf(profile));
    save.reset();
    setEditing(false);
  }

  const readOnly = !editing;
  const name = profile.display_name || profile.email;

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <aside className="flex flex-col items-center gap-4 rounded-3xl bg-white p-6 text-center shadow-sm">
        {editing ? (
          <Controller
            control={control}
            name="images"
            render={({ field }) => (
              <ImagePicker
                shape="round"
                label={t('profile.choosePhoto')}
                file={field.value}
                currentUrl={profile.image ? imageUrl(profile.image) : undefined}
                error={errors.images?.message}
                onChange={field.onChange}
              />
            )}
          />
        ) : profile.image ? (
          <img {...imageSources(profile.image, 160)} alt="" className="size-36 rounded-full object-cover ring-4 ring-honey" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-36 items-center justify-center rounded-full bg-honey font-display text-5xl font-bold uppercase"
          >
            {name.slice(0, 1)}
          </span>
        )}
        <div>
          <p className="font-display text-2xl font-bold wrap-anywhere">{name}</p>
          <p className="text-sm text-roast wrap-anywhere">{profile.email}</p>
        </div>
        {/* docs/decisions/spec-fidelity.md#fixed: the real count of products ordered (the spec showed a fixed 15). */}
        <p className="rounded-full bg-crema px-4 py-1.5 text-sm font-semibold">{t('profile.ordered', { count: profile.orders_count })}</p>
      </aside>

      <section aria-labelledby="contacts-heading" className="space-y-6 rounded-3xl bg-white p-6 shadow-sm">
        <div className="flex items-center justify-between gap-4">
          <h2 id="contacts-heading" className="text-2xl font-bold">
            {t('profile.contacts')}
          </h2>
          <button
            type="button"
            aria-pressed={editing}
            aria-label={t('profile.edit')}
            onClick={() => (editing ? cancel() : setEditing(true))}
            className="flex size-11 items-center justify-center rounded-full bg-espresso text-crema hover:bg-caramel"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-none stroke-current stroke-2">
              <path d="M4 20h4L19 9l-4-4L4 16z" />
              <path d="m14 6 4 4" />
            </svg>
          </button>
        </div>

        <div className="grid gap-5 md:grid-cols-2">
          <TextField label={t('profile.email')} type="email" value={profile.email} readOnly />
          <TextField
            label={t('profile.mobile')}
            type="tel"
            autoComplete="tel"
            readOnly={readOnly}
            error={errors.phone?.message}
            {...register('phone')}
          />
          <div className="md:col-span-2">
            <TextAreaField
              label={t('profile.address')}
              rows={2}
              readOnly={readOnly}
              error={errors.address?.message}
              {...register('address')}
            />
          </div>
        </div>

        <h2 className="text-2xl font-bold">{t('profile.details')}</h2>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label={t('profile.displayName')}
            readOnly={readOnly}
            error={errors.display_name?.message}
            {...register('display_name')}
          />
          {/* docs/decisions/spec-fidelity.md#forms: the birth date uses a date picker while editing. */}
          <TextField
            label={t('profile.birthDate')}
            type={editing ? 'date' : 'text'}
            readOnly={readOnly}
            error={errors.birthday?.message}
            {...register('birthday')}
          />
          <TextField label={t('profile.firstName')} readOnly={readOnly} error={errors.first_name?.message} {...register('first_name')} />
          <TextField label={t('profile.lastName')} readOnly={readOnly} error={errors.last_name?.message} {...register('last_name')} />
        </div>
        <fieldset disabled={readOnly} className="flex gap-6">
          <legend className="mb-2 text-sm font-semibold text-roast">{t('profile.gender')}</legend>
          {(['male', 'female'] as const).map((gender) => (
            <label key={gender} className="flex items-center gap-2 capitalize">
              <input type="radio" value={gender} className="accent-caramel" {...register('gender')} />
              {t(gender === 'male' ? 'profile.male' : 'profile.female')}
            </label>
          ))}
        </fieldset>
        {errors.gender && <p className="text-sm font-medium text-berry">{errors.gender.message}</p>}

        {save.isError && <ErrorMessage message={`${t('profileFailed')} ${errorMessage(save.error)}`} />}

        <div className="flex flex-wrap gap-3 border-t border-roast/10 pt-6">
          <Button type="submit" busy={save.isPending} disabled={!editing || !isDirty}>
            {t('profile.save')}
          </Button>
          <Button variant="ghost" onClick={cancel} disabled={!editing || save.isPending}>
            {t('profile.cancel')}
          </Button>
          {children}
        </div>
      </section>
    </form>
  );
}
