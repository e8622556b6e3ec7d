import { useT } from '../../lib/i18n';
import { Button } from './button';

interface PagerProps {
  page: number;
  totalPage: number;
  onPage: (page: number) => void;
  busy?: boolean;
  /** How many results the page shows: none on page 1 (a search that found nothing) leaves nothing to page through. */
  shown?: number;
}

/**
 * docs/decisions/spec-fidelity.md#the-catalogue: 'Showing page X of N'; prev is disabled on page 1 and next on the last page.
 * Not shown when page 1 has no result (docs/decisions/spec-fidelity.md#rough-edges-dead-ends-words-and-dates); a page past the
 * last keeps it, to go back.
 */
export function Pager({ page, totalPage, onPage, busy, shown }: PagerProps) {
  const last = Math.max(totalPage, 1);
  const t = useT();
  if (shown === 0 && page <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2">
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
