import { ButtonLink } from '../../components/ui/button';
import { useT } from '../../lib/i18n';
import { isPageLoadFailure } from '../../lib/page-load-failure';
import { useRouteError } from '../../lib/router';

/**
 * Shown when a page fails to load (e.g. a new release replaced its script) or throws. The person
 * reads what to do, not the browser's or the code's own words (React has logged the error).
 */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  return (
    <div role="alert" className="mx-auto max-w-lg p-10 text-center">
      <h1 className="text-3xl font-bold">{t('error.heading')}</h1>
      <p className="mt-4 text-roast">{isPageLoadFailure(error) ? t('error.pageNotLoaded') : t('error.server')}</p>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          className="rounded-xl bg-caramel-dark px-5 py-2.5 font-semibold text-white"
          onClick={() => window.location.reload()}
        >
          {t('error.reload')}
        </button>
        <ButtonLink to="/" variant="ghost">
          {t('error.home')}
        </ButtonLink>
      </div>
    </div>
  );
}
