import { AuthCard } from '../../features/auth/components/auth-card';
import { GoogleLanding } from '../../features/auth/components/google-landing';
import { useT } from '../../lib/i18n';

/** /login/google: the end of a Google sign-in (GET /auth/google/callback sends the browser here). */
export function GoogleLandingPage() {
  const t = useT();
  return (
    <AuthCard title={t('google.title')}>
      <GoogleLanding />
    </AuthCard>
  );
}
