import { AuthCard } from '../../features/auth/components/auth-card';
import { GoogleButton } from '../../features/auth/components/google-button';
import { LoginForm } from '../../features/auth/components/login-form';

export function LoginPage() {
  return (
    <AuthCard title="Login" aside={<GoogleButton label="Sign In with Google" />}>
      <LoginForm />
    </AuthCard>
  );
}
