import { CATEGORIES, DELAY, MSG, type Product } from '@kopi/shared';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { FieldShell, INPUT_CLASS, TextAreaField, TextField } from '../../../components/ui/field';
import { ImagePicker } from '../../../components/ui/image-picker';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { toFormData } from '../../../lib/form-data';
import { imageUrl } from '../../../lib/image-url';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useCreateProduct, useUpdateProduct } from '../api/products';

const FIELDS = ['product_name', 'price', 'category_id', 'description', 'images'] as const;

import type { ProductFormOutput, ProductFormValues } from './product-form-schema';

const createResolver = lazyResolver<ProductFormValues, ProductFormOutput>(
  async () => (await import('./product-form-schema')).productCreateResolver,
);
const editResolver = lazyResolver<ProductFormValues, ProductFormOutput>(
  async () => (await import('./product-form-schema')).productEditResolver,
);

const EMPTY: ProductFormValues = { product_name: '', price: '', category_id: '', description: '', images: undefined };

/** Add product when `product` is absent, Edit product (current values as placeholders) otherwise. */
export function ProductForm({ product }: { product?: Product }) {
  const isEdit = product !== undefined;
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: isEdit ? editResolver : createResolver,
    defaultValues: EMPTY,
  });
  const errors = formState.errors;

  const create = useCreateProduct({
    onSuccess: (saved) => {
      toast.success(MSG.addProductSuccess);
      navigate(`/detail/${saved.id}`);
    },
    onError: (error) => {
      toast.error(MSG.addProductFailed);
      applyFieldErrors(error, FIELDS, setError);
    },
  });
  const update = useUpdateProduct({
    onSuccess: (saved) => {
      toast.success(MSG.editProductSuccess);
      // spec §4: back to the detail 2 s after an edit.
      navigateLater(`/detail/${saved.id}`, DELAY.afterProductEdit);
    },
    onError: (error) => {
      toast.error(MSG.editProductFailed);
      applyFieldErrors(error, FIELDS, setError);
    },
  });
  const mutation = isEdit ? update : create;

  function submit(values: ProductFormOutput) {
    const form = toFormData(values);
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
            label="Choose from gallery"
            file={field.value}
            currentUrl={product && imageUrl(product.image)}
            error={errors.images?.message}
            onChange={field.onChange}
          />
        )}
      />
      <div className="space-y-5">
        <FieldShell label="Category" error={errors.category_id?.message}>
          {({ inputId, describedBy }) => (
            <select
              id={inputId}
              aria-describedby={describedBy}
              aria-invalid={errors.category_id ? true : undefined}
              className={INPUT_CLASS}
              {...register('category_id')}
            >
              <option value="">{isEdit ? `${product.category_name} (current)` : 'Select a category'}</option>
              {CATEGORIES.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
        <TextField
          label="Name"
          placeholder={product?.product_name ?? 'Type the product name'}
          error={errors.product_name?.message}
          {...register('product_name')}
        />
        <TextField
          label="Normal Price"
          type="number"
          inputMode="numeric"
          min={1}
          placeholder={product ? String(product.price) : 'Type the normal price'}
          error={errors.price?.message}
          {...register('price')}
        />
        <TextAreaField
          label="Description"
          placeholder={product?.description ?? 'Describe the product'}
          error={errors.description?.message}
          {...register('description')}
        />
        {mutation.isError && <ErrorMessage message={errorMessage(mutation.error)} />}
        <div className="flex flex-wrap gap-3">
          {/* spec §2 Edit product: Save is enabled only when something changed. */}
          <Button type="submit" busy={mutation.isPending} disabled={(isEdit && !formState.isDirty) || mutation.isSuccess}>
            Save Product
          </Button>
          <Button variant="ghost" onClick={() => reset(EMPTY)} disabled={mutation.isPending}>
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}
