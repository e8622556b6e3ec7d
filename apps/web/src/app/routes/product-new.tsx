import { ProductForm } from '../../features/products/components/product-form';

export function ProductNewPage() {
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Add product</h1>
      <ProductForm />
    </section>
  );
}
