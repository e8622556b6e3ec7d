import { DELAY, type LoginInput, MSG } from '@kopi/shared';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useLogin } from '../api/auth';

const resolver = lazyResolver<LoginInput, LoginInput>(async () => (await import('./auth-form-schemas')).loginResolver);

export function LoginForm() {
  const navigateLater = useDelayedNavigate();
  const { register, handleSubmit, formState } = useForm<LoginInput>({ resolver });
  const mutation = useLogin({
    onSuccess: () => {
      toast.success(MSG.loginSuccess);
      // docs/decisions/spec-fidelity.md#delays: to the catalogue 3 s after a successful login.
      navigateLater('/product', DELAY.afterLogin);
    },
    onError: (error) => {
      // docs/shop-rules.md#accounts-and-roles: a wrong email or password gets one message; other failures say what happened.
      toast.error(error instanceof ApiError && error.status === 401 ? MSG.loginFailed : errorMessage(error));
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} className="space-y-5">
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        placeholder="Enter your email address"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        placeholder="Enter your password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <Link to="/forgot" className="inline-block rounded py-1 text-sm font-semibold text-caramel-dark underline-offset-4 hover:underline">
        Forgot Password?
      </Link>
      <Button type="submit" className="w-full" busy={mutation.isPending} disabled={mutation.isSuccess}>
        {mutation.isPending ? 'Authenticating...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-roast">
        Don't have an account?{' '}
        <Link to="/signup" className="rounded font-semibold text-caramel-dark hover:underline">
          Sign Up
        </Link>
      </p>
    </form>
  );
}
