import { useT } from '../../lib/i18n';
import { Button } from './button';

interface PagerProps {
  page: number;
  totalPage: number;
  onPage: (page: number) => void;
  busy?: boolean;
}

/** docs/decisions/spec-fidelity.md#the-catalogue: 'Showing page X of N'; prev is disabled on page 1 and next on the last page. */
export function Pager({ page, totalPage, onPage, busy }: PagerProps) {
  const last = Math.max(totalPage, 1);
  const t = useT();
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-center gap-4">
      <Button variant="ghost" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">←</span> {t('pager.prev')}
      </Button>
      <p aria-live="polite" className="text-sm font-medium">
        {t('pager.showing', { page, last })}
      </p>
      <Button variant="ghost" disabled={page >= last || busy} onClick={() => onPage(page + 1)}>
        {t('pager.next')} <span aria-hidden="true">→</span>
      </Button>
    </nav>
  );
}
