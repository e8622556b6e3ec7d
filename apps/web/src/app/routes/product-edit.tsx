import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../components/ui/error-message';
import { PageSpinner } from '../../components/ui/spinner';
import { productQueries } from '../../features/products/api/products';
import { DeleteProductButton } from '../../features/products/components/delete-product';
import { ProductForm } from '../../features/products/components/product-form';
import { canRetry, errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { useParams } from '../../lib/router';

export function ProductEditPage() {
  const t = useT();
  const product = useQuery(productQueries.detail(Number(useParams().id)));
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t('admin.product.editHeading')}</h1>
        {product.data && <DeleteProductButton id={product.data.id} name={product.data.product_name} />}
      </div>
      {product.isPending && <PageSpinner />}
      {product.isError && (
        <ErrorMessage message={errorMessage(product.error)} onRetry={canRetry(product.error) ? () => product.refetch() : undefined} />
      )}
      {product.data && <ProductForm key={product.data.id} product={product.data} />}
    </section>
  );
}
