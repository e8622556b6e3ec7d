import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { forgetTill, lockTill, tillQueries, useTillKey, useTillMember } from '../api/till';
import { CashMoveDialog } from './cash-move';
import { CloseShift } from './close-shift';
import { CollectDialog, ToCollectButton } from './collect-dialog';
import { OpenShift } from './open-shift';
import { SaleScreen } from './sale-screen';
import { SwitchOn } from './switch-on';
import { TillSetup } from './till-setup';

/**
 * The till (docs/shop-rules.md#the-till-and-shifts): a device an Admin signed in once; staff switch
 * it on by name and PIN, open the shift with its float, sell, move cash, and close it blind.
 */
export function TillScreen({ qris = false }: { qris?: boolean }) {
  const tillKey = useTillKey();
  const session = useSession();
  const member = useTillMember();
  if (!tillKey) return <TillSetup />;
  const switchedOn = !!session && !!member && session.token === member.token;
  if (!switchedOn) return <SwitchOn />;
  return <SwitchedOn token={member.token} name={member.name} qris={qris} />;
}

type Mode = { kind: 'sell' } | { kind: 'cash' } | { kind: 'collect' } | { kind: 'close' };

function SwitchedOn({ token, name, qris }: { token: string; name: string; qris: boolean }) {
  const t = useT();
  const shift = useQuery(tillQueries.shift(token));
  const [mode, setMode] = useState<Mode>({ kind: 'sell' });
  const closing = mode.kind === 'close';
  const noShift = isApiError(shift.error, 'no_open_shift');

  useEffect(() => {
    if (isApiError(shift.error, 'till_unknown')) forgetTill();
  }, [shift.error]);

  return (
    <section className="space-y-3" aria-labelledby="till-heading">
      <div className="flex flex-wrap items-center gap-2">
        <h1 id="till-heading" className="mr-auto text-xl font-bold">
          {t('admin.till.heading')} · <span className="font-semibold text-roast">{t('admin.till.on', { name })}</span>
        </h1>
        {shift.data && !closing && (
          <>
            <ToCollectButton onOpen={() => setMode({ kind: 'collect' })} />
            <Button variant="ghost" className="min-h-11" onClick={() => setMode({ kind: 'cash' })}>
              {t('admin.till.cashMove')}
            </Button>
            <Button variant="ghost" className="min-h-11" onClick={() => setMode({ kind: 'close' })}>
              {t('admin.till.closeShift')}
            </Button>
          </>
        )}
        <Button variant="secondary" className="min-h-11" onClick={() => void lockTill()}>
          {t('admin.till.lock')}
        </Button>
      </div>
      {shift.isPending && !closing ? (
        <PageSpinner />
      ) : closing ? (
        <CloseShift shiftId={shift.data?.id} onBack={() => setMode({ kind: 'sell' })} onDone={() => setMode({ kind: 'sell' })} />
      ) : noShift ? (
        <OpenShift />
      ) : shift.error ? (
        <ErrorMessage message={errorMessage(shift.error)} onRetry={() => void shift.refetch()} />
      ) : shift.data ? (
        <>
          <SaleScreen qris={qris} />
          {mode.kind === 'cash' && <CashMoveDialog shiftId={shift.data.id} onClose={() => setMode({ kind: 'sell' })} />}
          {mode.kind === 'collect' && <CollectDialog onClose={() => setMode({ kind: 'sell' })} />}
        </>
      ) : null}
    </section>
  );
}
