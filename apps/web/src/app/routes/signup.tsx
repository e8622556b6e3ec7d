import { formatIDR, LANDING } from '@kopi/shared';
import { AuthCard } from '../../features/auth/components/auth-card';
import { GoogleButton } from '../../features/auth/components/google-button';
import { SignUpForm } from '../../features/auth/components/signup-form';

export function SignUpPage() {
  return (
    <AuthCard
      title="Sign Up"
      aside={
        <>
          <GoogleButton label="Sign Up with Google" />
          <aside className="rounded-2xl bg-crema p-5">
            <h2 className="text-xl font-bold">Get your member card now!</h2>
            <p className="mt-1 text-sm text-roast">
              Let's join with our member and enjoy the deals: free with a minimum purchase of {formatIDR(LANDING.memberCardMinimum)}.
            </p>
          </aside>
        </>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
