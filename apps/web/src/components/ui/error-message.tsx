import { useT } from '../../lib/i18n';
import { Button } from './button';

/** Every failure says so (docs/decisions/spec-fidelity.md#fixed); a retry is offered when it makes sense. */
export function ErrorMessage({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-berry/30 bg-berry/5 p-4 text-berry">
      <span>{message}</span>
      {onRetry && (
        <Button variant="ghost" className="py-1.5" onClick={onRetry}>
          {t('error.tryAgain')}
        </Button>
      )}
    </div>
  );
}
