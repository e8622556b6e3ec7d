import { formatIDR, PAYMENT, type PlacedOrder, type Product } from '@kopi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { quoteSale, readPendingSale, tillQueries } from '../api/till';
import { addLine, type Delivery, lineKey, type SaleLine, saleBody } from '../sale-model';
import { MenuGrid } from './menu-grid';
import { OptionsDialog } from './options-dialog';
import { PayPanel } from './pay-panel';
import { SaleCart } from './sale-cart';
import { SaleDone } from './sale-done';

/** Ringing up a sale: the menu as big tiles beside the cart, priced by the server, paid in cash, by card or by QRIS. */
export function SaleScreen({ qris }: { qris: boolean }) {
  const t = useT();
  const menu = useQuery(tillQueries.menu());
  const [lines, setLines] = useState<SaleLine[]>([]);
  const [delivery, setDelivery] = useState<Delivery>(1);
  const [guestName, setGuestName] = useState('');
  const [options, setOptions] = useState<Product | null>(null);
  const [done, setDone] = useState<PlacedOrder | null>(null);
  /** A sale sent and not answered yet (or cut off): the cart waits for it, so its key is never used for another cart. */
  const [inFlight, setInFlight] = useState(false);
  /** A sale sent before the page was reloaded, never answered: it is sent again with its key before anything else. */
  const [resumed, setResumed] = useState(readPendingSale);

  const body = useMemo(() => saleBody(lines, delivery, '', { payment_id: PAYMENT.cash }), [lines, delivery]);
  const quote = useQuery({
    queryKey: ['till', 'quote', body],
    queryFn: ({ signal }) => quoteSale(body, signal),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    retry: 1,
  });
  const priced = lines.length > 0 && quote.isSuccess && !quote.isPlaceholderData;

  const newSale = () => {
    setDone(null);
    setLines([]);
    setGuestName('');
  };

  if (done) return <SaleDone order={done} onNewSale={newSale} />;
  if (resumed) {
    return (
      <div className="mx-auto max-w-md">
        <PayPanel
          total={0}
          cashToPay={0}
          makeBody={() => resumed.body}
          resume={resumed}
          onSending={(sending) => {
            if (!sending) setResumed(null);
          }}
          onPaid={(order) => {
            setResumed(null);
            setDone(order);
          }}
        />
      </div>
    );
  }

  const products = menu.data ?? [];
  const locked = inFlight;
  return (
    <div className="grid grid-cols-1 gap-4 pb-20 lg:grid-cols-[minmax(0,1fr)_21rem] lg:pb-0">
      <div className="min-w-0">
        {menu.isPending ? (
          <div className="flex justify-center p-8">
            <Spinner className="size-8" />
          </div>
        ) : menu.error ? (
          <ErrorMessage message={errorMessage(menu.error)} onRetry={() => void menu.refetch()} />
        ) : (
          <MenuGrid
            products={products}
            disabled={locked}
            onAdd={(product) => setLines((current) => addLine(current, { product, sizeId: product.sizes[0]?.size_id ?? 1, addons: [] }))}
            onOptions={setOptions}
          />
        )}
      </div>
      <aside
        id="till-cart"
        aria-label={t('admin.till.cart')}
        className="space-y-3 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-5.5rem)] lg:self-start lg:overflow-y-auto lg:p-0.5"
      >
        <SaleCart
          lines={lines}
          quote={priced ? quote.data : undefined}
          pricing={lines.length > 0 && quote.isFetching}
          disabled={locked}
          onQty={(key, qty) =>
            setLines((current) =>
              qty <= 0
                ? current.filter((line) => lineKey(line) !== key)
                : current.map((line) => (lineKey(line) === key ? { ...line, qty } : line)),
            )
          }
          delivery={delivery}
          onDelivery={setDelivery}
          guestName={guestName}
          onGuestName={setGuestName}
        />
        {quote.error && lines.length > 0 && <ErrorMessage message={errorMessage(quote.error)} onRetry={() => void quote.refetch()} />}
        {priced && quote.data && (
          <PayPanel
            key={JSON.stringify(body)}
            total={quote.data.total}
            cashToPay={quote.data.cash_to_pay}
            makeBody={(payment) => saleBody(lines, delivery, guestName, payment)}
            qris={qris}
            onSending={setInFlight}
            onPaid={(order) => {
              setInFlight(false);
              setDone(order);
            }}
          />
        )}
      </aside>
      {/* Stacked on a phone, the cart is below the menu: its total stays at hand. */}
      {lines.length > 0 && (
        <a
          href="#till-cart"
          className="fixed inset-x-3 bottom-3 z-10 flex min-h-14 items-center justify-between rounded-2xl bg-espresso px-4 text-lg font-bold text-crema shadow-lg lg:hidden"
        >
          <span>{t('admin.till.toCart', { count: lines.reduce((sum, line) => sum + line.qty, 0) })}</span>
          <span>{priced && quote.data ? formatIDR(quote.data.total) : '…'}</span>
        </a>
      )}
      {options && (
        <OptionsDialog
          product={options}
          addons={products.filter((product) => product.category_id === 4 && !product.sold_out)}
          onClose={() => setOptions(null)}
          onAdd={(line) => {
            setLines((current) => addLine(current, line));
            setOptions(null);
          }}
        />
      )}
    </div>
  );
}
