import type { ReactNode } from 'react';
import { CupIcon } from '../../../components/layout/brand';
import { useT } from '../../../lib/i18n';

/** The two-column frame of Login and Sign Up: a warm picture beside the form. */
export function AuthCard({ title, lead, children, aside }: { title: string; lead?: string; children: ReactNode; aside?: ReactNode }) {
  const t = useT();
  return (
    <div className="mx-auto grid max-w-4xl overflow-hidden rounded-3xl bg-white shadow-lg md:grid-cols-2">
      <div className="hidden flex-col justify-between bg-gradient-to-br from-espresso to-caramel p-10 text-crema md:flex">
        <CupIcon className="size-24" />
        <p className="font-display text-2xl leading-snug">{t('auth.tagline')}</p>
      </div>
      <section className="p-6 sm:p-10">
        <h1 className="mb-6 text-3xl font-bold">{title}</h1>
        {/* Why the person is asked to sign in here, e.g. on the way to the cart. */}
        {lead && (
          <p role="note" className="-mt-2 mb-6 rounded-2xl bg-honey/30 p-4 font-semibold">
            {lead}
          </p>
        )}
        {children}
        {aside && <div className="mt-4 space-y-4">{aside}</div>}
      </section>
    </div>
  );
}
