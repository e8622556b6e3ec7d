import { DELAY, MSG, type Promo } from '@kopi/shared';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ImagePicker } from '../../../components/ui/image-picker';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { toFormData } from '../../../lib/form-data';
import { imageUrl } from '../../../lib/image-url';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useCreatePromo, useUpdatePromo } from '../api/promos';

const FIELDS = ['promo_name', 'code', 'description', 'discount', 'duration', 'min_price', 'images'] as const;
type FieldName = (typeof FIELDS)[number];

import type { PromoFormOutput, PromoFormValues } from './promo-form-schema';

const createResolver = lazyResolver<PromoFormValues, PromoFormOutput>(
  async () => (await import('./promo-form-schema')).promoCreateResolver,
);
const editResolver = lazyResolver<PromoFormValues, PromoFormOutput>(async () => (await import('./promo-form-schema')).promoEditResolver);

const EMPTY: PromoFormValues = { promo_name: '', code: '', description: '', discount: '', duration: '', min_price: '', images: undefined };

function valuesOf(promo: Promo): PromoFormValues {
  return {
    promo_name: promo.promo_name,
    code: promo.code,
    description: promo.description,
    discount: String(promo.discount),
    duration: promo.duration,
    min_price: String(promo.min_price),
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

  function submit(values: PromoFormOutput) {
    if (isEdit) {
      // spec §5 Edit promo: only changed fields are sent.
      const changed = Object.fromEntries(Object.entries(values).filter(([name]) => dirtyFields[name as FieldName]));
      update.mutate({ id: promo.id, form: toFormData(changed) });
    } else {
      create.mutate(toFormData(values));
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
          {/* DESIGN §2.3: a real date, so that the expiry can be enforced. */}
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
              {/* spec §2 Edit promo: Cancel clears the edits. */}
              <Button variant="ghost" onClick={() => reset()} disabled={mutation.isPending}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              {/* spec §2 Add promo: the button reads 'Save Product', word for word. */}
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
