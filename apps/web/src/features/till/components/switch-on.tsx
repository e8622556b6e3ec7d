import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { forgetTill, tillQueries, unlockTill } from '../api/till';
import { PinPad } from './pin-pad';

/** The till switched off: its staff by name; a name tapped asks for that member's PIN. */
export function SwitchOn() {
  const t = useT();
  const device = useQuery(tillQueries.device());
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (isApiError(device.error, 'till_unknown')) forgetTill();
  }, [device.error]);

  if (device.isPending) return <PageSpinner />;
  if (device.error) return <ErrorMessage message={errorMessage(device.error)} onRetry={() => void device.refetch()} />;

  const submit = async () => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      await unlockTill(chosen.id, pin);
    } catch (failure) {
      setPin('');
      if (isApiError(failure, 'too_many_requests')) {
        // Five wrong PINs lock this name on this till: for how long, as the server's Retry-After says.
        const seconds = failure.retryAfter ?? 300;
        const until = new Date(Date.now() + seconds * 1000);
        setError(
          t('admin.till.pinLocked', {
            minutes: Math.max(1, Math.ceil(seconds / 60)),
            time: until.toLocaleTimeString(document.documentElement.lang || undefined, { hour: '2-digit', minute: '2-digit' }),
          }),
        );
      } else {
        setError(errorMessage(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="space-y-4" aria-labelledby="switch-on-heading">
      <div className="flex flex-wrap items-baseline gap-2">
        <h1 id="switch-on-heading" className="text-2xl font-bold">
          {device.data.till.name}
        </h1>
        <p className="text-roast">{chosen ? t('admin.till.pinFor', { name: chosen.name }) : t('admin.till.whoIsOn')}</p>
      </div>
      {!chosen ? (
        device.data.staff.length === 0 ? (
          <p>{t('admin.till.noStaff')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {device.data.staff.map((member) => (
              <li key={member.id}>
                <button
                  type="button"
                  className="flex min-h-20 w-full flex-col items-center justify-center rounded-2xl bg-white p-3 text-xl font-bold shadow-sm ring-1 ring-roast/20 hover:bg-crema"
                  onClick={() => {
                    setChosen(member);
                    setPin('');
                    setError(null);
                  }}
                >
                  {member.name}
                  <span className="text-sm font-normal text-roast">{t('admin.till.role', { role: member.role })}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : (
        <div className="space-y-4">
          {error && (
            <p role="alert" className="mx-auto max-w-md rounded-xl border border-berry/30 bg-berry/5 p-3 text-center text-berry">
              {error}
            </p>
          )}
          <PinPad pin={pin} onChange={setPin} onSubmit={() => void submit()} busy={busy} />
          <div className="text-center">
            <Button variant="ghost" className="min-h-11" onClick={() => setChosen(null)}>
              {t('admin.till.otherName')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
