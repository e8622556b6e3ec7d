import { ButtonLink } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { ASK_THE_SHOP, usePasswordResetWay } from '../../features/auth/api/password-reset-way';
import { ForgotForm } from '../../features/auth/components/forgot-form';

/**
 * Forgot password, wired to POST /auth/forgot. A shop in production without a mail server offers no
 * form that would pretend to send: it says to ask at the counter (docs/shop-rules.md#forgotten-passwords).
 */
export function ForgotPage() {
  const way = usePasswordResetWay();
  return (
    <section className="mx-auto max-w-md rounded-3xl bg-white p-6 text-center shadow-sm sm:p-8">
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      <p className="mt-2 text-roast">Don't worry, we got your back!</p>
      {way === undefined ? (
        <PageSpinner />
      ) : way === 'ask_the_shop' ? (
        <div className="mt-8 space-y-5">
          <p className="rounded-xl bg-crema p-4 font-semibold">{ASK_THE_SHOP}</p>
          <ButtonLink to="/login" className="w-full">
            Back to Login
          </ButtonLink>
        </div>
      ) : (
        <ForgotForm way={way} />
      )}
    </section>
  );
}
