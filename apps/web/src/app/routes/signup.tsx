import { formatIDR, LANDING } from '@kopi/shared';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { GoogleButton } from '../../features/auth/components/google-button';
import { SignUpForm } from '../../features/auth/components/signup-form';
import { safeNext, TO_CHECKOUT } from '../../lib/sign-in-next';

/** Sign Up; `?next=` as on Login (docs/decisions/spec-fidelity.md#rough-edges-signing-in). */
export function SignUpPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  return (
    <AuthCard
      title="Sign Up"
      lead={next === '/payment' ? TO_CHECKOUT.signup : undefined}
      aside={
        <>
          <GoogleButton label="Sign Up with Google" next={next} />
          <aside className="rounded-2xl bg-crema p-5">
            <h2 className="text-xl font-bold">Get your member card now!</h2>
            <p className="mt-1 text-sm text-roast">
              Let's join with our member and enjoy the deals: free with a minimum purchase of {formatIDR(LANDING.memberCardMinimum)}.
            </p>
          </aside>
        </>
      }
    >
      <SignUpForm next={next} />
    </AuthCard>
  );
}
