import { ROLES } from '@kopi/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { registerTill } from '../api/till';

/** A device that is not a till yet: an Admin signs it in once ("Till 1"); a Cashier is told to ask one. */
export function TillSetup() {
  const t = useT();
  const session = useSession();
  const [name, setName] = useState(() => t('admin.till.defaultName'));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (session?.role !== ROLES.admin) {
    return (
      <section className="mx-auto max-w-lg space-y-3 rounded-2xl bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t('admin.till.heading')}</h1>
        <p>{t('admin.till.askAdmin')}</p>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await registerTill(name.trim());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-lg space-y-4 rounded-2xl bg-white p-6 shadow-sm" aria-labelledby="till-setup-heading">
      <h1 id="till-setup-heading" className="text-2xl font-bold">
        {t('admin.till.setupHeading')}
      </h1>
      <p>{t('admin.till.setupText')}</p>
      <form className="space-y-4" onSubmit={submit}>
        <label className="block space-y-1">
          <span className="font-semibold">{t('admin.till.nameLabel')}</span>
          <input
            className="block min-h-11 w-full rounded-xl border border-roast/40 bg-white px-3 py-2"
            value={name}
            maxLength={30}
            required
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        {error && <ErrorMessage message={error} />}
        <Button type="submit" busy={busy} className="min-h-11 w-full">
          {t('admin.till.setupSubmit')}
        </Button>
      </form>
    </section>
  );
}
