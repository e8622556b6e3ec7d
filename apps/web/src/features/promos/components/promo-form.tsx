import { DELAY, DELIVERY_METHODS, MSG, type Promo } from '@kopi/shared';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ImagePicker } from '../../../components/ui/image-picker';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { toFormData } from '../../../lib/form-data';
import { type MessageKey, type MessageValues, useT } from '../../../lib/i18n';
import { imageUrl } from '../../../lib/image-url';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { DELIVERY_KEYS, nameOf } from '../../../lib/names';
import { Link } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useCreatePromo, useUpdatePromo } from '../api/promos';

const FIELDS = [
  'promo_name',
  'code',
  'description',
  'indonesian_name',
  'indonesian_description',
  'discount',
  'duration',
  'min_price',
  'delivery_ids',
  'new_customers_only',
  'members_only',
  'images',
] as const;
type FieldName = (typeof FIELDS)[number];

import type { PromoFormOutput, PromoFormValues } from './promo-form-schema';

type Translate = (key: MessageKey, values?: MessageValues) => string;

const createResolver = lazyResolver<PromoFormValues, PromoFormOutput>(
  async () => (await import('./promo-form-schema')).promoCreateResolver,
);
const editResolver = lazyResolver<PromoFormValues, PromoFormOutput>(async () => (await import('./promo-form-schema')).promoEditResolver);

const EMPTY: PromoFormValues = {
  promo_name: '',
  code: '',
  description: '',
  indonesian_name: '',
  indonesian_description: '',
  discount: '',
  duration: '',
  min_price: '',
  delivery_ids: [],
  new_customers_only: false,
  members_only: false,
  images: undefined,
};

function valuesOf(promo: Promo): PromoFormValues {
  return {
    // As typed in each language, whatever the page's language.
    promo_name: promo.texts.en.name,
    code: promo.code,
    description: promo.texts.en.description,
    indonesian_name: promo.texts.id.name,
    indonesian_description: promo.texts.id.description,
    discount: String(promo.discount),
    duration: promo.duration,
    min_price: String(promo.min_price),
    delivery_ids: promo.delivery_ids.map(String),
    new_customers_only: promo.new_customers_only,
    members_only: promo.members_only,
    images: undefined,
  };
}

/**
 * The one 'All input must be fulfilled !' is shown once; any other message sits under its field. The
 * shared schemas' messages are the specification's English (MSG): each is shown in the page's language.
 */
function fieldMessage(errors: FieldErrors<PromoFormValues>, name: FieldName, t: Translate): string | undefined {
  const message = errors[name]?.message;
  if (message === undefined || message === MSG.allInputRequired) return undefined;
  const key = (Object.keys(MSG) as (keyof typeof MSG)[]).find((known) => MSG[known] === message);
  return key ? t(key) : message;
}

/** Add promo when `promo` is absent, Edit promo otherwise (current values filled in). */
export function PromoForm({ promo }: { promo?: Promo }) {
  const t = useT();
  const isEdit = promo !== undefined;
  const navigateLater = useDelayedNavigate();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<PromoFormValues, unknown, PromoFormOutput>({
    resolver: isEdit ? editResolver : createResolver,
    defaultValues: promo ? valuesOf(promo) : EMPTY,
  });
  const { errors, dirtyFields } = formState;
  const missingInput = FIELDS.some((name) => errors[name]?.message === MSG.allInputRequired);

  const create = useCreatePromo({
    onSuccess: () => {
      toast.success(t('addPromoSuccess'));
      navigateLater('/product', DELAY.afterPromoSave);
    },
    onError: (error) => {
      toast.error(t('addPromoFailed'));
      applyFieldErrors(error, FIELDS, setError);
    },
  });
  const update = useUpdatePromo({
    onSuccess: () => {
      toast.success(t('promoEditSuccess'));
      navigateLater('/product', DELAY.afterPromoSave);
    },
    onError: (error) => applyFieldErrors(error, FIELDS, setError),
  });
  const mutation = isEdit ? update : create;

  function submit({ delivery_ids, ...values }: PromoFormOutput) {
    // The API takes the delivery ids separated by commas; none is every method.
    const deliveryIds = [...(delivery_ids ?? [])].sort().join(',');
    if (isEdit) {
      // Edit promo (docs/decisions/spec-fidelity.md#forms): only changed fields are sent.
      const changed = Object.fromEntries(Object.entries(values).filter(([name]) => dirtyFields[name as FieldName]));
      const deliveryChanged = deliveryIds !== [...promo.delivery_ids].sort().join(',');
      update.mutate({ id: promo.id, form: toFormData({ ...changed, ...(deliveryChanged ? { delivery_ids: deliveryIds } : {}) }) });
    } else {
      create.mutate(toFormData({ ...values, delivery_ids: deliveryIds }));
    }
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      className="grid gap-8 rounded-3xl bg-white p-6 shadow-sm md:grid-cols-[16rem_1fr] md:p-10"
    >
      <Controller
        control={control}
        name="images"
        render={({ field }) => (
          <ImagePicker
            label={t('admin.promo.picture')}
            file={field.value}
            currentUrl={promo && imageUrl(promo.image)}
            error={fieldMessage(errors, 'images', t)}
            onChange={field.onChange}
          />
        )}
      />
      <div className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('admin.promo.discount')}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            placeholder="20"
            error={fieldMessage(errors, 'discount', t)}
            {...register('discount')}
          />
          {/* docs/decisions/spec-fidelity.md#fixed: a real date, so that the expiry can be enforced. */}
          <TextField label={t('admin.promo.expiry')} type="date" error={fieldMessage(errors, 'duration', t)} {...register('duration')} />
        </div>
        <TextField
          label={t('admin.promo.code')}
          placeholder="SENJA20"
          autoCapitalize="characters"
          error={fieldMessage(errors, 'code', t)}
          {...register('code')}
        />
        <TextField
          label={t('admin.promo.name')}
          placeholder={t('admin.promo.namePlaceholder')}
          error={fieldMessage(errors, 'promo_name', t)}
          {...register('promo_name')}
        />
        <TextField
          label={t('admin.indonesianName')}
          lang="id"
          hint={t('admin.indonesianHint')}
          error={fieldMessage(errors, 'indonesian_name', t)}
          {...register('indonesian_name')}
        />
        <TextField
          label={t('admin.promo.minPrice')}
          type="number"
          inputMode="numeric"
          min={0}
          placeholder={t('admin.promo.minPricePlaceholder')}
          error={fieldMessage(errors, 'min_price', t)}
          {...register('min_price')}
        />
        <fieldset className="space-y-2 rounded-2xl bg-crema/60 p-4">
          <legend className="px-1 text-sm font-semibold text-roast">{t('admin.promo.rules')}</legend>
          <fieldset>
            <legend className="text-sm font-semibold">{t('admin.promo.delivery')}</legend>
            <p className="text-xs text-roast">{t('admin.promo.deliveryHint')}</p>
            <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
              {DELIVERY_METHODS.map((method) => (
                <label key={method.id} className="flex cursor-pointer items-center gap-2 py-1">
                  <input type="checkbox" value={String(method.id)} className="accent-caramel" {...register('delivery_ids')} />
                  {nameOf(t, DELIVERY_KEYS, method.id, method.name)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="flex cursor-pointer items-center gap-2 py-1">
            <input type="checkbox" className="accent-caramel" {...register('new_customers_only')} />
            {t('admin.promo.newCustomersOnly')}
          </label>
          <label className="flex cursor-pointer items-center gap-2 py-1">
            <input type="checkbox" className="accent-caramel" {...register('members_only')} />
            {t('admin.promo.membersOnly')}
          </label>
        </fieldset>
        <TextAreaField
          label={t('admin.description')}
          placeholder={t('admin.promo.descriptionPlaceholder')}
          error={fieldMessage(errors, 'description', t)}
          {...register('description')}
        />
        <TextAreaField
          label={t('admin.indonesianDescription')}
          lang="id"
          hint={t('admin.indonesianHint')}
          error={fieldMessage(errors, 'indonesian_description', t)}
          {...register('indonesian_description')}
        />

        {missingInput && (
          <p role="alert" className="font-semibold text-berry">
            {t('allInputRequired')}
          </p>
        )}
        {mutation.isError &&
          (isEdit ? (
            <ErrorMessage message={`${t('promoSaveFailed')} ${errorMessage(mutation.error)}`} />
          ) : (
            <ErrorMessage message={errorMessage(mutation.error)} />
          ))}

        <div className="flex flex-wrap gap-3">
          {isEdit ? (
            <>
              <Button type="submit" busy={mutation.isPending} disabled={!formState.isDirty || mutation.isSuccess}>
                {t('admin.promo.save')}
              </Button>
              {/* Edit promo (docs/decisions/spec-fidelity.md#forms): Cancel clears the edits. */}
              <Button variant="ghost" onClick={() => reset()} disabled={mutation.isPending}>
                {t('admin.cancel')}
              </Button>
            </>
          ) : (
            <>
              {/* Add promo: the button reads 'Save Product', word for word (docs/decisions/spec-fidelity.md#kept-word-for-word). */}
              <Button type="submit" busy={mutation.isPending} disabled={mutation.isSuccess}>
                {t('admin.promo.saveNew')}
              </Button>
              <Link
                to="/productadmin"
                className="inline-flex items-center rounded-xl border border-roast/40 bg-white px-5 py-2.5 font-semibold hover:bg-crema"
              >
                {t('admin.cancel')}
              </Link>
            </>
          )}
        </div>
      </div>
    </form>
  );
}
