import { formatIDR, type Product } from '@kopi/shared';
import { Link } from 'react-router';
import { PencilLink } from '../../../components/ui/pencil-link';
import { imageSources } from '../../../lib/image-url';

export function ProductCard({ product, canEdit }: { product: Product; canEdit: boolean }) {
  return (
    <li
      className="group relative flex flex-col rounded-2xl bg-white p-3 shadow-sm transition-shadow hover:shadow-md"
      data-testid="product-card"
    >
      <Link to={`/detail/${product.id}`} className="flex flex-1 flex-col rounded-xl">
        <img
          {...imageSources(product.image, 320)}
          alt=""
          loading="lazy"
          width={240}
          height={240}
          className="aspect-square w-full rounded-xl bg-crema object-cover"
        />
        {/* h2: the cards sit right under the page's h1 ("Our menu"); a skipped level fails heading-order. */}
        <h2 className="mt-3 line-clamp-2 text-center text-lg leading-snug font-bold">{product.product_name}</h2>
        <p className="mt-auto pt-2 text-center font-semibold text-caramel-dark" data-testid="product-price">
          {formatIDR(product.price)}
        </p>
      </Link>
      {canEdit && (
        <div className="absolute top-5 right-5">
          <PencilLink to={`/product/edit/${product.id}`} label={`Edit ${product.product_name}`} />
        </div>
      )}
    </li>
  );
}

export function ProductGridSkeleton() {
  return (
    <ul aria-hidden="true" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of placeholders that never reorders
        <li key={index} className="animate-pulse rounded-2xl bg-white p-3">
          <div className="aspect-square rounded-xl bg-crema" />
          <div className="mx-auto mt-3 h-4 w-3/4 rounded bg-crema" />
          <div className="mx-auto mt-2 h-4 w-1/3 rounded bg-crema" />
        </li>
      ))}
    </ul>
  );
}
