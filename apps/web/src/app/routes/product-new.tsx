import { ProductForm } from '../../features/products/components/product-form';
import { useT } from '../../lib/i18n';

export function ProductNewPage() {
  const t = useT();
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{t('admin.product.addHeading')}</h1>
      <ProductForm />
    </section>
  );
}
