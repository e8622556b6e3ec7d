import { DELAY, DELIVERY_METHODS, MSG, type Promo } from '@kopi/shared';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ImagePicker } from '../../../components/ui/image-picker';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { toFormData } from '../../../lib/form-data';
import { imageUrl } from '../../../lib/image-url';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useCreatePromo, useUpdatePromo } from '../api/promos';

const FIELDS = [
  'promo_name',
  'code',
  'description',
  'discount',
  'duration',
  'min_price',
  'delivery_ids',
  'new_customers_only',
  'members_only',
  'images',
] as const;
type FieldName = (typeof FIELDS)[number];

import { PROMO_TEXT } from '../texts';
import type { PromoFormOutput, PromoFormValues } from './promo-form-schema';

const createResolver = lazyResolver<PromoFormValues, PromoFormOutput>(
  async () => (await import('./promo-form-schema')).promoCreateResolver,
);
const editResolver = lazyResolver<PromoFormValues, PromoFormOutput>(async () => (await import('./promo-form-schema')).promoEditResolver);

const EMPTY: PromoFormValues = {
  promo_name: '',
  code: '',
  description: '',
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
    promo_name: promo.promo_name,
    code: promo.code,
    description: promo.description,
    discount: String(promo.discount),
    duration: promo.duration,
    min_price: String(promo.min_price),
    delivery_ids: promo.delivery_ids.map(String),
    new_customers_only: promo.new_customers_only,
    members_only: promo.members_only,
    images: undefined,
  };
}

/** The one 'All input must be fulfilled !' is shown once; any other message sits under its field. */
function fieldMessage(errors: FieldErrors<PromoFormValues>, name: FieldName): string | undefined {
  const message = errors[name]?.message;
  return message === MSG.allInputRequired ? undefined : message;
}

/** Add promo when `promo` is absent, Edit promo otherwise (current values filled in). */
export function PromoForm({ promo }: { promo?: Promo }) {
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
      toast.success(MSG.addPromoSuccess);
      navigateLater('/product', DELAY.afterPromoSave);
    },
    onError: (error) => {
      toast.error(MSG.addPromoFailed);
      applyFieldErrors(error, FIELDS, setError);
    },
  });
  const update = useUpdatePromo({
    onSuccess: () => {
      toast.success(MSG.promoEditSuccess);
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
            label="Choose a picture"
            file={field.value}
            currentUrl={promo && imageUrl(promo.image)}
            error={fieldMessage(errors, 'images')}
            onChange={field.onChange}
          />
        )}
      />
      <div className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Discount (%)"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            placeholder="20"
            error={fieldMessage(errors, 'discount')}
            {...register('discount')}
          />
          {/* docs/decisions/spec-fidelity.md#fixed: a real date, so that the expiry can be enforced. */}
          <TextField label="Expire Date" type="date" error={fieldMessage(errors, 'duration')} {...register('duration')} />
        </div>
        <TextField
          label="Coupon Code"
          placeholder="SENJA20"
          autoCapitalize="characters"
          error={fieldMessage(errors, 'code')}
          {...register('code')}
        />
        <TextField
          label="Promo Name"
          placeholder="Type the promo name"
          error={fieldMessage(errors, 'promo_name')}
          {...register('promo_name')}
        />
        <TextField
          label="Minimum price"
          type="number"
          inputMode="numeric"
          min={0}
          placeholder="Minimum purchase in IDR"
          error={fieldMessage(errors, 'min_price')}
          {...register('min_price')}
        />
        <fieldset className="space-y-2 rounded-2xl bg-crema/60 p-4">
          <legend className="px-1 text-sm font-semibold text-roast">{PROMO_TEXT.promoRulesLegend}</legend>
          <fieldset>
            <legend className="text-sm font-semibold">{PROMO_TEXT.promoDeliveryLegend}</legend>
            <p className="text-xs text-roast">{PROMO_TEXT.promoDeliveryHint}</p>
            <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
              {DELIVERY_METHODS.map((method) => (
                <label key={method.id} className="flex cursor-pointer items-center gap-2 py-1">
                  <input type="checkbox" value={String(method.id)} className="accent-caramel" {...register('delivery_ids')} />
                  {method.name}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="flex cursor-pointer items-center gap-2 py-1">
            <input type="checkbox" className="accent-caramel" {...register('new_customers_only')} />
            {PROMO_TEXT.promoNewCustomersOnly}
          </label>
          <label className="flex cursor-pointer items-center gap-2 py-1">
            <input type="checkbox" className="accent-caramel" {...register('members_only')} />
            {PROMO_TEXT.promoMembersOnly}
          </label>
        </fieldset>
        <TextAreaField
          label="Description"
          placeholder="Describe the promo"
          error={fieldMessage(errors, 'description')}
          {...register('description')}
        />

        {missingInput && (
          <p role="alert" className="font-semibold text-berry">
            {MSG.allInputRequired}
          </p>
        )}
        {mutation.isError &&
          (isEdit ? (
            <ErrorMessage message={`${MSG.promoSaveFailed} ${errorMessage(mutation.error)}`} />
          ) : (
            <ErrorMessage message={errorMessage(mutation.error)} />
          ))}

        <div className="flex flex-wrap gap-3">
          {isEdit ? (
            <>
              <Button type="submit" busy={mutation.isPending} disabled={!formState.isDirty || mutation.isSuccess}>
                Save Promo
              </Button>
              {/* Edit promo (docs/decisions/spec-fidelity.md#forms): Cancel clears the edits. */}
              <Button variant="ghost" onClick={() => reset()} disabled={mutation.isPending}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              {/* Add promo: the button reads 'Save Product', word for word (docs/decisions/spec-fidelity.md#kept-word-for-word). */}
              <Button type="submit" busy={mutation.isPending} disabled={mutation.isSuccess}>
                Save Product
              </Button>
              <Link
                to="/productadmin"
                className="inline-flex items-center rounded-xl border border-roast/40 bg-white px-5 py-2.5 font-semibold hover:bg-crema"
              >
                Cancel
              </Link>
            </>
          )}
        </div>
      </div>
    </form>
  );
}
