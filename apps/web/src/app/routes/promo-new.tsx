import { PromoForm } from '../../features/promos/components/promo-form';

export function PromoNewPage() {
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Add promo</h1>
      <PromoForm />
    </section>
  );
}
