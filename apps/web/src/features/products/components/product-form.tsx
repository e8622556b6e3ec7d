import {
  CATEGORIES,
  DELAY,
  formatIDR,
  isDrink as isDrinkCategory,
  MSG,
  type Product,
  SIZE_STEP,
  SIZES,
  STATIONS,
  stationOfCategory,
} from '@kopi/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { FieldShell, INPUT_CLASS, TextAreaField, TextField } from '../../../components/ui/field';
import { ImagePicker } from '../../../components/ui/image-picker';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { toFormData } from '../../../lib/form-data';
import { type MessageKey, type MessageValues, useT } from '../../../lib/i18n';
import { imageUrl } from '../../../lib/image-url';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { CATEGORY_KEYS, nameOf } from '../../../lib/names';
import { useNavigate } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useCreateProduct, useUpdateProduct } from '../api/products';

const FIELDS = [
  'product_name',
  'price',
  'price_l',
  'price_xl',
  'category_id',
  'description',
  'indonesian_name',
  'indonesian_description',
  'sold_out',
  'station',
  'images',
] as const;

const STATION_NAMES: Record<string, MessageKey> = { bar: 'admin.station.bar', kitchen: 'admin.station.kitchen' };

/** The shop's default step of a drink's larger sizes over its Reguler price (docs/shop-rules.md#prices-and-sizes). */
const DEFAULT_STEPS = { price_l: SIZE_STEP.large, price_xl: SIZE_STEP.extraLarge } as const;
const LARGER_SIZES = [
  { field: 'price_l', sizeId: SIZES[1].id, size: SIZES[1].name },
  { field: 'price_xl', sizeId: SIZES[2].id, size: SIZES[2].name },
] as const;

type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The shared schemas' messages are the specification's English (MSG): each is shown in the page's language. */
function inLanguage(message: string | undefined, t: Translate): string | undefined {
  const key = message === undefined ? undefined : (Object.keys(MSG) as (keyof typeof MSG)[]).find((name) => MSG[name] === message);
  return key ? t(key) : message;
}

import type { ProductFormOutput, ProductFormValues } from './product-form-schema';

const createResolver = lazyResolver<ProductFormValues, ProductFormOutput>(
  async () => (await import('./product-form-schema')).productCreateResolver,
);
const editResolver = lazyResolver<ProductFormValues, ProductFormOutput>(
  async () => (await import('./product-form-schema')).productEditResolver,
);

const EMPTY: ProductFormValues = {
  product_name: '',
  price: '',
  price_l: '',
  price_xl: '',
  category_id: '',
  description: '',
  indonesian_name: '',
  indonesian_description: '',
  sold_out: false,
  station: '',
  images: undefined,
};

/** Add product when `product` is absent, Edit product (current values as placeholders) otherwise. */
export function ProductForm({ product }: { product?: Product }) {
  const t = useT();
  const isEdit = product !== undefined;
  // The texts as typed in both languages (the product's own answer has them), whatever the page's language.
  const texts = product?.texts;
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: isEdit ? editResolver : createResolver,
    defaultValues: { ...EMPTY, sold_out: product?.sold_out ?? false },
  });
  const { errors } = formState;
  const error = (name: keyof typeof errors) => inLanguage(errors[name]?.message, t);
  const chosenCategory = Number(useWatch({ control, name: 'category_id' })) || product?.category_id;
  const typedPrice = Number(useWatch({ control, name: 'price' }));
  const isDrink = chosenCategory !== undefined && isDrinkCategory(chosenCategory);
  // Untouched, the station is the product's own, or its new category's (the server does the same).
  const categoryChanged = Number(useWatch({ control, name: 'category_id' })) > 0 && chosenCategory !== product?.category_id;
  const defaultStation = product && !categoryChanged ? product.station : chosenCategory ? stationOfCategory(chosenCategory) : 'bar';

  const create = useCreateProduct({
    onSuccess: (saved) => {
      toast.success(t('addProductSuccess'));
      navigate(`/detail/${saved.id}`);
    },
    onError: (error) => {
      toast.error(t('addProductFailed'));
      applyFieldErrors(error, FIELDS, setError);
    },
  });
  const update = useUpdateProduct({
    onSuccess: (saved) => {
      toast.success(t('editProductSuccess'));
      // docs/decisions/spec-fidelity.md#delays: back to the detail 2 s after an edit.
      navigateLater(`/detail/${saved.id}`, DELAY.afterProductEdit);
    },
    onError: (error) => {
      toast.error(t('editProductFailed'));
      applyFieldErrors(error, FIELDS, setError);
    },
  });
  const mutation = isEdit ? update : create;

  function submit({ sold_out, price_l, price_xl, ...values }: ProductFormOutput) {
    // Only a drink has larger sizes; an unchanged sold-out box is no change.
    const soldOut = sold_out === undefined || (isEdit && sold_out === product.sold_out) ? undefined : String(sold_out);
    const form = toFormData({ ...values, ...(isDrink ? { price_l, price_xl } : {}), sold_out: soldOut });
    if (isEdit) update.mutate({ id: product.id, form });
    else create.mutate(form);
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
            label={t('admin.product.picture')}
            file={field.value}
            currentUrl={product && imageUrl(product.image)}
            error={error('images')}
            onChange={field.onChange}
          />
        )}
      />
      <div className="space-y-5">
        <FieldShell label={t('admin.product.category')} error={error('category_id')}>
          {({ inputId, describedBy }) => (
            <select
              id={inputId}
              aria-describedby={describedBy}
              aria-invalid={errors.category_id ? true : undefined}
              className={INPUT_CLASS}
              {...register('category_id')}
            >
              <option value="">
                {isEdit
                  ? t('admin.product.currentCategory', { name: nameOf(t, CATEGORY_KEYS, product.category_id, product.category_name) })
                  : t('admin.product.chooseCategory')}
              </option>
              {CATEGORIES.map((category) => (
                <option key={category.id} value={category.id}>
                  {nameOf(t, CATEGORY_KEYS, category.id, category.name)}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
        <FieldShell label={t('admin.station')} error={error('station')}>
          {({ inputId, describedBy }) => (
            <Controller
              control={control}
              name="station"
              render={({ field }) => (
                <select
                  id={inputId}
                  aria-describedby={describedBy}
                  aria-invalid={errors.station ? true : undefined}
                  className={INPUT_CLASS}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value || defaultStation}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  {STATIONS.map((station) => (
                    <option key={station} value={station}>
                      {t(STATION_NAMES[station] ?? 'admin.station.bar')}
                    </option>
                  ))}
                </select>
              )}
            />
          )}
        </FieldShell>
        <TextField
          label={t('admin.product.name')}
          placeholder={texts?.en.name ?? product?.product_name ?? t('admin.product.namePlaceholder')}
          error={error('product_name')}
          {...register('product_name')}
        />
        <TextField
          label={t('admin.indonesianName')}
          lang="id"
          placeholder={texts?.id.name || undefined}
          hint={t('admin.indonesianHint')}
          error={error('indonesian_name')}
          {...register('indonesian_name')}
        />
        <TextField
          label={t('admin.product.price')}
          type="number"
          inputMode="numeric"
          min={1}
          placeholder={product ? String(product.price) : t('admin.product.pricePlaceholder')}
          error={error('price')}
          {...register('price')}
        />
        {isDrink && (
          <div className="grid gap-5 sm:grid-cols-2">
            {LARGER_SIZES.map(({ field, sizeId, size }) => {
              const current = product?.sizes.find((size) => size.size_id === sizeId)?.price;
              return (
                <TextField
                  key={field}
                  label={t('admin.product.sizePrice', { size })}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  placeholder={
                    current !== undefined
                      ? String(current)
                      : typedPrice > 0
                        ? String(typedPrice + DEFAULT_STEPS[field])
                        : t('admin.product.sizePricePlaceholder', { step: DEFAULT_STEPS[field] })
                  }
                  hint={current === undefined ? t('admin.product.sizePriceHint', { amount: formatIDR(DEFAULT_STEPS[field]) }) : undefined}
                  error={error(field)}
                  {...register(field)}
                />
              );
            })}
          </div>
        )}
        <TextAreaField
          label={t('admin.description')}
          placeholder={texts?.en.description ?? product?.description ?? t('admin.product.descriptionPlaceholder')}
          error={error('description')}
          {...register('description')}
        />
        <TextAreaField
          label={t('admin.indonesianDescription')}
          lang="id"
          placeholder={texts?.id.description || undefined}
          hint={t('admin.indonesianHint')}
          error={error('indonesian_description')}
          {...register('indonesian_description')}
        />
        <label className="flex cursor-pointer items-center gap-3 rounded-xl bg-crema px-4 py-3 font-semibold">
          <input type="checkbox" className="accent-berry" {...register('sold_out')} />
          <span>
            <span className="block">{t('admin.product.soldOut')}</span>
            <span className="block text-sm font-normal text-roast">{t('admin.product.soldOutHint')}</span>
          </span>
        </label>
        {mutation.isError && <ErrorMessage message={errorMessage(mutation.error)} />}
        <div className="flex flex-wrap gap-3">
          {/* docs/decisions/spec-fidelity.md#forms: Save is enabled only when something changed. */}
          <Button type="submit" busy={mutation.isPending} disabled={(isEdit && !formState.isDirty) || mutation.isSuccess}>
            {t('admin.product.save')}
          </Button>
          <Button variant="ghost" onClick={() => reset()} disabled={mutation.isPending}>
            {t('admin.cancel')}
          </Button>
        </div>
      </div>
    </form>
  );
}
