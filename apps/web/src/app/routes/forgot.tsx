import { ButtonLink } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { usePasswordResetWay } from '../../features/auth/api/password-reset-way';
import { ForgotForm } from '../../features/auth/components/forgot-form';
import { useT } from '../../lib/i18n';

/**
 * Forgot password, wired to POST /auth/forgot. A shop in production without a mail server offers no
 * form that would pretend to send: it says to ask at the counter (docs/shop-rules.md#forgotten-passwords).
 */
export function ForgotPage() {
  const way = usePasswordResetWay();
  const t = useT();
  return (
    <section className="mx-auto max-w-md rounded-3xl bg-white p-6 text-center shadow-sm sm:p-8">
      <h1 className="text-3xl font-bold">{t('forgot.heading')}</h1>
      <p className="mt-2 text-roast">{t('forgot.lead')}</p>
      {way === undefined ? (
        <PageSpinner />
      ) : way === 'ask_the_shop' ? (
        <div className="mt-8 space-y-5">
          <p className="rounded-xl bg-crema p-4 font-semibold">{t('auth.askTheShop')}</p>
          <ButtonLink to="/login" className="w-full">
            {t('forgot.backToLogin')}
          </ButtonLink>
        </div>
      ) : (
        <ForgotForm way={way} />
      )}
    </section>
  );
}
