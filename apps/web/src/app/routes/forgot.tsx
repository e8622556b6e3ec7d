import { ForgotForm } from '../../features/auth/components/forgot-form';

/** Forgot password, wired to POST /auth/forgot (docs/shop-rules.md#accounts-and-roles). */
export function ForgotPage() {
  return (
    <section className="mx-auto max-w-md rounded-3xl bg-white p-6 text-center shadow-sm sm:p-8">
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      <p className="mt-2 text-roast">Don't worry, we got your back!</p>
      <ForgotForm />
    </section>
  );
}
