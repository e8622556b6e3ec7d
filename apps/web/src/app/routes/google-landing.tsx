import { AuthCard } from '../../features/auth/components/auth-card';
import { GoogleLanding } from '../../features/auth/components/google-landing';

/** /login/google: the end of a Google sign-in (GET /auth/google/callback sends the browser here). */
export function GoogleLandingPage() {
  return (
    <AuthCard title="Sign in with Google">
      <GoogleLanding />
    </AuthCard>
  );
}
