import { ButtonLink } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/error-message';
import { ResetForm } from '../../features/auth/components/reset-form';
import { useT } from '../../lib/i18n';
import { useSearchParams } from '../../lib/router';

/**
 * /reset?token=… from the password reset e-mail. The server sends `Referrer-Policy: no-referrer`
 * with every page, so the token in this address never leaves in a Referer.
 */
export function ResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const t = useT();
  return (
    <section className="mx-auto max-w-md rounded-3xl bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-3xl font-bold">{t('reset.heading')}</h1>
      <p className="mt-2 mb-6 text-roast">{t('reset.lead')}</p>
      {token ? (
        <ResetForm token={token} />
      ) : (
        <div className="space-y-5">
          <ErrorMessage message={t('reset.noToken')} />
          <ButtonLink to="/forgot" className="w-full">
            {t('reset.askNewLink')}
          </ButtonLink>
        </div>
      )}
    </section>
  );
}
