import { formatIDR, LANDING } from '@kopi/shared';
import { AuthCard } from '../../features/auth/components/auth-card';
import { GoogleButton } from '../../features/auth/components/google-button';
import { SignUpForm } from '../../features/auth/components/signup-form';
import { useT } from '../../lib/i18n';
import { useSearchParams } from '../../lib/router';
import { safeNext, TO_CHECKOUT } from '../../lib/sign-in-next';

/** Sign Up; `?next=` as on Login (docs/decisions/spec-fidelity.md#rough-edges-signing-in). */
export function SignUpPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const t = useT();
  return (
    <AuthCard
      title={t('auth.signUpTitle')}
      lead={next === '/payment' ? t(TO_CHECKOUT.signup) : undefined}
      aside={
        <>
          <GoogleButton label={t('auth.googleSignUp')} next={next} />
          <aside className="rounded-2xl bg-crema p-5">
            <h2 className="text-xl font-bold">{t('auth.cardHeading')}</h2>
            <p className="mt-1 text-sm text-roast">{t('auth.cardText', { amount: formatIDR(LANDING.memberCardMinimum) })}</p>
          </aside>
        </>
      }
    >
      <SignUpForm next={next} />
    </AuthCard>
  );
}
