import { formatIDR, LANDING } from '@kopi/shared';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SignUpForm } from '../../features/auth/components/signup-form';

// DESIGN §2.4: 'Sign Up with Google' appears only once GOOGLE_CLIENT_ID is configured (not yet).
export function SignUpPage() {
  return (
    <AuthCard
      title="Sign Up"
      aside={
        <aside className="mt-8 rounded-2xl bg-crema p-5">
          <h2 className="text-xl font-bold">Get your member card now!</h2>
          <p className="mt-1 text-sm text-roast">
            Let's join with our member and enjoy the deals: free with a minimum purchase of {formatIDR(LANDING.memberCardMinimum)}.
          </p>
        </aside>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
