import {
  DELAY,
  DELIVERY_METHODS,
  DINE_IN_ID,
  DOOR_DELIVERY_ID,
  GUEST_NAME_MAX,
  PAYMENT,
  paymentWayKey,
  type Shop,
  SIZES,
  type VaBank,
} from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { SummaryLines, SummaryTotalsTable } from '../../../components/order-summary';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { ErrorMessage } from '../../../components/ui/error-message';
import { INPUT_CLASS } from '../../../components/ui/field';
import { QtyStepper } from '../../../components/ui/qty-stepper';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { type NewOrder, orderQueries } from '../../../lib/live-orders/order-queries';
import { DELIVERY_CHOICE_KEYS, nameOf, PAYMENT_KEYS, SIZE_KEYS } from '../../../lib/names';
import { keepOrderToken } from '../../../lib/order-token';
import { useNavigate } from '../../../lib/router';
import { useTableSeat } from '../../../lib/table-seat';
import { toast } from '../../../lib/toast';
import { useDebounced } from '../../../lib/use-debounced';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { isOffline, keepCheckoutForLater, type SavedOrder, useSentOutcome } from '../api/outbox';
import { isKeyUsedForAnotherOrder, useCreateOrder } from '../api/place-order';
import {
  cartEstimate,
  cartItemCount,
  cartLineKey,
  cartLineTotal,
  clearCart,
  orderItemsOf,
  readCart,
  removeLine,
  setLineQty,
  updateCartChoices,
  useCart,
} from '../cart-store';
import { guestNameProblem, needsAddress, orderFailure } from '../checkout-form';
import { isOnlinePayment, missingBank, offeredPaymentId } from '../payment-methods';
import { PaymentMethodPicker } from './payment-method-picker';
import { SavedOfflineNotice } from './saved-offline-notice';
import { ClosedAtTableReason, TableBanner, useClosedAtTable } from './table-banner';

const ORDER_FAILED_TOAST = 'order-failed';

export interface CheckoutProps {
  /** The signed-in account's id; undefined for a guest at a table. */
  sessionId: number | undefined;
  /** The address saved on the profile, offered for Door Delivery until another one is typed. */
  savedAddress: string | null | undefined;
  /** The shop as it is now: whether it is open, takes online payments, and its bill's rules. */
  shop: Shop | undefined;
  /** Reads the shop (its hours and slots) again. */
  refreshShop: () => Promise<void>;
  /** The delivery time's picker (the shop's hours and slots), for an order not at a table. */
  renderSchedule: (value: string, onChange: (value: string) => void) => ReactNode;
}

/**
 * The customer's checkout: the cart's lines, delivery and payment, and Confirm, which places the order
 * or, offline, keeps it on this phone to send later (api/outbox.ts). A guest at a table checks out
 * without an account (docs/shop-rules.md#orders-from-the-table).
 */
export function Checkout({ sessionId, savedAddress, shop, refreshShop, renderSchedule }: CheckoutProps) {
  const cart = useCart();
  const t = useT();
  const navigateLater = useDelayedNavigate();
  const addressId = useId();
  const [addressDraft, setAddressDraft] = useState<string>();
  const [chosenPaymentId, setPaymentId] = useState<number>(PAYMENT.card);
  const [bank, setBank] = useState<VaBank>();
  const [bankMissingShown, setBankMissingShown] = useState(false);
  const bankFieldId = useId();
  // At a table (its QR code scanned) the order is Dine In there; a guest, without an account, gives a
  // name and pays in cash at the counter, without a coupon (docs/shop-rules.md#orders-from-the-table).
  const seat = useTableSeat();
  const guest = sessionId === undefined && seat !== null;
  const navigate = useNavigate();
  const guestNameId = useId();
  const [guestName, setGuestName] = useState('');
  const [guestNameShown, setGuestNameShown] = useState(false);
  const guestNameIssue = guest ? guestNameProblem(guestName) : undefined;
  const guestNameError = guestNameIssue && t(...guestNameIssue);
  const deliveryId = seat ? DINE_IN_ID : cart.deliveryId;
  // An address is asked for Door Delivery only (docs/shop-rules.md#ordering); the saved profile
  // address is offered there until the person types another one.
  const isDoorDelivery = deliveryId === DOOR_DELIVERY_ID;
  const address = addressDraft ?? savedAddress ?? '';

  const addressMissing = needsAddress(deliveryId, address);
  const hasZeroLine = cart.lines.some((line) => line.qty < 1);
  // "As soon as possible" is no choice while the shop is closed: a time must be picked (the picker says so).
  // QRIS and bank transfers only where the shop takes online payments (docs/shop-rules.md#payments):
  // a method it stopped offering meanwhile falls back to Card, the default.
  const onlinePayments = shop?.online_payments;
  const paymentId = offeredPaymentId(chosenPaymentId, onlinePayments);
  const needsTime = !seat && cart.scheduledFor === '' && shop?.open_now === false;
  // A table's order is wanted now: while the shop is closed the server refuses it, so it is not offered.
  const closedAtTable = useClosedAtTable(shop);
  const closedReasonId = useId();

  const body: NewOrder = {
    items: orderItemsOf(cart),
    delivery_id: deliveryId,
    payment_id: guest ? PAYMENT.cash : paymentId,
    bank: !guest && paymentId === PAYMENT.bankTransfer ? bank : undefined,
    promo_id: guest ? undefined : cart.promo?.id,
    address: isDoorDelivery ? address.trim() || undefined : undefined,
    // At a table the order is wanted now.
    scheduled_for: seat ? undefined : cart.scheduledFor || undefined,
    table_token: seat?.token,
    guest_name: guest ? guestName.trim() : undefined,
  };
  // The server prices the cart as the order would be (docs/decisions/cart-shows-the-quote.md): its total is the one
  // shown, and a coupon that does not apply says why. A cart that cannot be sent yet is not asked about.
  const quoteBody = useDebounced(body, 300);
  // The quote needs an account: a guest sees the menu's prices until the order answers. A cart that
  // was empty a moment ago (given back after a saved order was refused) waits for its debounced body.
  const quotable = cart.lines.length > 0 && quoteBody.items.length > 0 && !hasZeroLine && !addressMissing && !guest;
  const quote = useQuery({ ...orderQueries.quote({ ...quoteBody, guest_name: undefined }), enabled: quotable });
  const priced = quotable && quote.data ? quote.data : null;
  const totals = priced ?? cartEstimate(cart, shop?.bill, deliveryId);
  const couponRefused = priced?.promo && !priced.promo.applies ? (priced.promo.reason ?? t('coupon.doesNotApply')) : null;
  // Confirmed without a network: the order is kept on this phone and sent when it is back (the
  // History shows it waiting); the cart it was made of goes with it (docs/decisions/offline-and-caching.md#the-outbox).
  const [savedOffline, setSavedOffline] = useState<SavedOrder | null>(null);
  const savedOutcome = useSentOutcome(savedOffline?.key);

  const order = useCreateOrder({
    onSuccess: (placed) => {
      // docs/decisions/spec-fidelity.md#fixed: the cart is emptied only once the order exists.
      clearCart();
      toast.dismiss(ORDER_FAILED_TOAST);
      toast.success(t('transactionSuccess'));
      void refreshShop();
      // A guest follows the order on its own page, with the token kept on this phone.
      if (placed.order_token && seat) {
        keepOrderToken(placed.id, placed.order_token);
        void navigate(`/t/${seat.token}/order/${placed.id}`);
      } else if (isOnlinePayment(placed.payment_id)) {
        // Paid online: the order's page shows what to pay with, and the time runs already.
        void navigate(`/history/${placed.id}`);
      } else navigateLater('/history', DELAY.afterPay);
    },
    onError: (error, sent) => {
      if (sessionId !== undefined && isOffline(error)) {
        const kept = readCart();
        setSavedOffline(
          keepCheckoutForLater({ accountId: sessionId, order: sent, cart: kept, itemCount: cartItemCount(kept), total: totals.total }),
        );
        clearCart();
        return;
      }
      // One toast for the checkout's failures, saying what the latest one means (a lost answer may be followed by a 422).
      const message = orderFailure(error, 'toast');
      toast.errorOnce(ORDER_FAILED_TOAST, message);
      // A slot may have filled up meanwhile: show its room as it is now.
      void refreshShop();
    },
  });

  // The saved order was refused when the network came back, and its cart is back (its toast says
  // why): the checkout returns, to edit it and confirm again, without the offline attempt's error,
  // and with the shop's hours and slots as they are now (the refusal may be that they changed).
  const cartBack = savedOutcome?.kind === 'refused' && cart.lines.length > 0;
  const { reset } = order;
  useEffect(() => {
    if (!cartBack) return;
    setSavedOffline(null);
    reset();
    void refreshShop();
  }, [cartBack, reset, refreshShop]);

  if (savedOffline && !cartBack)
    return <SavedOfflineNotice heading={t('checkoutUserHeading')} saved={savedOffline} outcome={savedOutcome} />;

  if (cart.lines.length === 0 && !order.isSuccess) {
    return (
      <section className="space-y-6 text-center">
        <h1 className="text-3xl font-bold">{t('checkoutUserHeading')}</h1>
        <p className="text-roast">{t('cart.empty')}</p>
        <ButtonLink to="/product">{t('cart.seeMenu')}</ButtonLink>
      </section>
    );
  }

  const lines = cart.lines.map((line) => ({
    key: cartLineKey(line),
    name: line.productName,
    image: line.image,
    qty: line.qty,
    sizeLabel: nameOf(t, SIZE_KEYS, line.sizeId, SIZES.find((size) => size.id === line.sizeId)?.name ?? ''),
    addons: line.addons.map((addon) => ({ id: addon.productId, name: addon.productName, qty: addon.qty, unitPrice: addon.unitPrice })),
    price: cartLineTotal(line),
  }));

  return (
    <section className="space-y-6">
      <TableBanner closed={closedAtTable} />
      <h1 className="text-3xl font-bold">{t('checkoutUserHeading')}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="summary-heading" className="min-w-0 space-y-4 rounded-3xl bg-white p-6 shadow-sm">
          <h2 id="summary-heading" className="text-2xl font-bold">
            {t('orderSummary')}
          </h2>
          <SummaryLines
            lines={lines}
            renderActions={(index) => {
              const line = cart.lines[index];
              return (
                line && (
                  <div className="mt-2 flex flex-wrap items-center gap-4">
                    <QtyStepper
                      label={t('cart.quantityOf', { name: line.productName })}
                      value={line.qty}
                      onChange={(qty) => setLineQty(line, qty)}
                    />
                    <button
                      type="button"
                      className="inline-flex min-h-11 items-center rounded px-2 text-sm font-semibold text-berry hover:underline"
                      onClick={() => removeLine(line)}
                      disabled={order.isPending}
                    >
                      {t('cart.remove')} <span className="sr-only">{line.productName}</span>
                    </button>
                  </div>
                )
              );
            }}
          />
          {cart.promo && !guest && (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-crema p-3 text-sm" data-testid="cart-coupon">
              <span role="status">
                {t('cart.coupon')} <strong className="font-mono">{cart.promo.code}</strong>:{' '}
                {t('promo.off', { discount: cart.promo.discount })}
                {priced?.promo?.applies && <> — {t('coupon.applies')}</>}
                {couponRefused && (
                  <>
                    {' '}
                    — {t('coupon.doesNotApply')}: <strong className="text-berry">{couponRefused}</strong>
                  </>
                )}
              </span>
              <button
                type="button"
                className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-berry hover:underline"
                onClick={() => updateCartChoices({ promo: null })}
              >
                {t('cart.removeCoupon')}
              </button>
            </div>
          )}
          {quotable && quote.isError && <ErrorMessage message={errorMessage(quote.error)} />}
          {/* The quote's amounts (the order's own); the cart's estimate only until it arrives. */}
          <div aria-busy={quote.isFetching}>
            <SummaryTotalsTable totals={totals} />
          </div>
        </section>

        <section aria-label={t('cart.deliveryAndPayment')} className="min-w-0 space-y-5 rounded-3xl bg-white p-6 shadow-sm">
          <h2 className="text-2xl font-bold">{t('cart.deliveryAndPayment')}</h2>
          {seat ? (
            <div>
              <p className="mb-2 font-semibold text-roast">{t('cart.deliveryMethod')}</p>
              <p className="rounded-xl bg-crema p-3 font-semibold" data-testid="checkout-table">
                {t('table.dineIn')} · {seat.name}
              </p>
            </div>
          ) : (
            <ChoiceGroup
              legend={t('cart.deliveryMethod')}
              name="payment-delivery"
              choices={DELIVERY_METHODS.map((method) => ({
                id: method.id,
                label: nameOf(t, DELIVERY_CHOICE_KEYS, method.id, method.label),
              }))}
              value={cart.deliveryId}
              onChange={(deliveryId) => updateCartChoices({ deliveryId })}
            />
          )}
          {guest && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={guestNameId} className="font-semibold text-roast">
                {t('cart.yourName')}
              </label>
              <input
                id={guestNameId}
                value={guestName}
                maxLength={GUEST_NAME_MAX}
                autoComplete="given-name"
                onChange={(event) => setGuestName(event.target.value)}
                onBlur={() => setGuestNameShown(true)}
                aria-invalid={guestNameShown && guestNameError ? true : undefined}
                aria-describedby={`${guestNameId}-hint`}
                className={INPUT_CLASS}
              />
              <p id={`${guestNameId}-hint`} className="text-sm text-roast">
                {guestNameShown && guestNameError ? <span className="font-medium text-berry">{guestNameError}</span> : t('cart.nameHint')}
              </p>
            </div>
          )}
          {isDoorDelivery && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={addressId} className="font-semibold text-roast">
                {t('cart.address')}
              </label>
              <textarea
                id={addressId}
                rows={3}
                maxLength={300}
                value={address}
                onChange={(event) => setAddressDraft(event.target.value)}
                placeholder={t('cart.addressPlaceholder')}
                aria-invalid={addressMissing ? true : undefined}
                className={INPUT_CLASS}
              />
              {addressMissing && <p className="text-sm font-medium text-berry">{t('cart.addressNeeded')}</p>}
            </div>
          )}
          {!seat && renderSchedule(cart.scheduledFor, (scheduledFor) => updateCartChoices({ scheduledFor }))}
          {guest ? (
            <div>
              <p className="mb-2 font-semibold text-roast">{t('cart.paymentMethod')}</p>
              <p className="rounded-xl bg-crema p-3" data-testid="checkout-cash">
                <strong>{nameOf(t, PAYMENT_KEYS, PAYMENT.cash, 'Cash on Delivery')}</strong> —{' '}
                {t(paymentWayKey(PAYMENT.cash, deliveryId) ?? 'payWay.cashCounter')}
              </p>
            </div>
          ) : (
            <PaymentMethodPicker
              onlinePayments={onlinePayments}
              paymentId={paymentId}
              deliveryId={deliveryId}
              onPayment={setPaymentId}
              bank={bank}
              onBank={(picked) => {
                setBank(picked);
                setBankMissingShown(false);
              }}
              bankMissingShown={bankMissingShown}
              bankFieldId={bankFieldId}
              disabled={order.isPending}
            />
          )}
          {hasZeroLine && <p className="text-sm font-medium text-berry">{t('cart.zeroQuantity')}</p>}
          {/* Always there, so that a screen reader announces the wait as it starts. */}
          <div role="status">
            {order.stillPlacing && (
              <p className="flex items-start gap-3 rounded-xl bg-crema p-4 text-roast" data-testid="order-being-placed">
                <Spinner className="mt-1 size-4 shrink-0" />
                <span>
                  <strong className="block">{t('checkout.beingPlaced')}</strong>
                  {t('checkout.beingPlacedHint')}
                </span>
              </p>
            )}
          </div>
          {order.isError && (
            <div className="space-y-3">
              <ErrorMessage message={orderFailure(order.error, 'form')} />
              {isKeyUsedForAnotherOrder(order.error) && (
                <ButtonLink to="/history" variant="ghost" className="w-full">
                  {t('checkout.seeInHistory')}
                </ButtonLink>
              )}
            </div>
          )}
          <Button
            className="w-full"
            busy={order.isPending}
            disabled={addressMissing || hasZeroLine || needsTime || closedAtTable !== null || order.isSuccess}
            aria-describedby={closedAtTable ? closedReasonId : undefined}
            onClick={() => {
              if (guestNameError) {
                setGuestNameShown(true);
                document.getElementById(guestNameId)?.focus();
                return;
              }
              if (!guest && missingBank(paymentId, bank)) {
                setBankMissingShown(true);
                document.getElementById(bankFieldId)?.focus();
                return;
              }
              // A coupon the quote refused is left out: the order is the one whose total is shown.
              order.mutate({ ...body, promo_id: couponRefused ? undefined : body.promo_id });
            }}
          >
            {t('cart.confirm')}
          </Button>
          <ClosedAtTableReason id={closedReasonId} closed={closedAtTable} />
        </section>
      </div>
    </section>
  );
}
