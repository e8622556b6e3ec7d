import { usePasswordResetWay } from '../../features/auth/api/password-reset-way';
import { AuthCard } from '../../features/auth/components/auth-card';
import { GoogleButton } from '../../features/auth/components/google-button';
import { LoginForm } from '../../features/auth/components/login-form';
import { useT } from '../../lib/i18n';
import { useSearchParams } from '../../lib/router';
import { safeNext, TO_CHECKOUT } from '../../lib/sign-in-next';

/**
 * Login. `?next=` (a path of this shop) is where it leads once signed in; the way to the cart says
 * why it asks (docs/decisions/spec-fidelity.md#rough-edges-signing-in). 'Forgot Password?' depends
 * on whether the shop can e-mail a link (docs/shop-rules.md#forgotten-passwords).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const t = useT();
  return (
    <AuthCard
      title={t('auth.login')}
      lead={next === '/payment' ? t(TO_CHECKOUT.login) : undefined}
      aside={<GoogleButton label={t('auth.googleSignIn')} next={next} />}
    >
      <LoginForm next={next} passwordReset={usePasswordResetWay()} />
    </AuthCard>
  );
}
