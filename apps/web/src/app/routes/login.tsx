import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';

// DESIGN §2.4: 'Sign In with Google' appears only once GOOGLE_CLIENT_ID is configured; the API does
// not expose one yet, so the button is not shown.
export function LoginPage() {
  return (
    <AuthCard title="Login">
      <LoginForm />
    </AuthCard>
  );
}
