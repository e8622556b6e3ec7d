import type { Product } from '@kopi/shared';
import { formatIDR } from '@kopi/shared';
import { useState } from 'react';
import { PencilLink } from '../../../components/ui/pencil-link';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { imageSources } from '../../../lib/image-url';
import { Link } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useSetSoldOut } from '../api/products';

export function ProductCard({ product, canEdit }: { product: Product; canEdit: boolean }) {
  const t = useT();
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
      {product.sold_out && (
        <p className="absolute top-5 left-5 rounded-full bg-berry px-3 py-1 text-xs font-bold text-white shadow" data-testid="sold-out">
          {t('soldOut')}
        </p>
      )}
      {canEdit && (
        <>
          <div className="absolute top-5 right-5">
            <PencilLink to={`/product/edit/${product.id}`} label={t('menu.editProduct', { name: product.product_name })} />
          </div>
          <SoldOutToggle product={product} />
        </>
      )}
    </li>
  );
}

/** The admin's switch on the card: sold out, or back on sale (docs/shop-rules.md#the-menu). */
function SoldOutToggle({ product }: { product: Product }) {
  // The box moves at once (held here, not in the mutation's state, which arrives a tick later); it
  // follows the saved product again once the menu has loaded, or the refusal.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const t = useT();
  const setSoldOut = useSetSoldOut({
    onSuccess: (saved) =>
      toast.success(
        saved.sold_out ? t('menu.markedSoldOut', { name: saved.product_name }) : t('menu.backOnSale', { name: saved.product_name }),
      ),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <label className="mt-2 flex cursor-pointer items-center justify-center gap-2 rounded-xl bg-crema px-3 py-2 text-sm font-semibold">
      <input
        type="checkbox"
        checked={wanted ?? product.sold_out}
        disabled={wanted !== null}
        onChange={(event) => {
          setWanted(event.target.checked);
          setSoldOut.mutate({ id: product.id, soldOut: event.target.checked }, { onSettled: () => setWanted(null) });
        }}
        aria-label={t('menu.soldOutOf', { name: product.product_name })}
        className="accent-berry"
      />
      {t('soldOut')}
    </label>
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
