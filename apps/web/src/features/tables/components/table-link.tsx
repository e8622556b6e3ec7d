import { useRef } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

// Side by side where the card is wide enough, one under the other on a phone's two columns of cards.
const SMALL_BUTTON = 'min-h-11 grow px-3 py-1.5 text-sm';

/**
 * A table's address beside its QR code, with Copy and Open: an owner at a laptop tries the table's page
 * or sends its link without scanning the code (docs/shop-rules.md#orders-from-the-table).
 */
export function TableLink({ url, name }: { url: string; name: string }) {
  const t = useT();
  const linkRef = useRef<HTMLElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('admin.tables.copied', { name }));
    } catch {
      // No clipboard here (a page not served over HTTPS, a refusal): the address is selected instead.
      const selection = window.getSelection();
      if (linkRef.current && selection) selection.selectAllChildren(linkRef.current);
      toast.info(t('admin.tables.copyFailed'));
    }
  };

  return (
    <div className="w-full space-y-2 print:hidden">
      <p className="text-left text-xs text-roast">
        {t('admin.tables.link')}{' '}
        <code ref={linkRef} className="break-all text-espresso" data-testid="table-link">
          {url}
        </code>
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass('secondary', SMALL_BUTTON)} onClick={() => void copy()}>
          {t('admin.tables.copy')} <span className="sr-only">{t('admin.tables.linkOf', { name })}</span>
        </button>
        <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost', SMALL_BUTTON)}>
          {t('admin.tables.open')} <span className="sr-only">{t('admin.tables.linkOf', { name })}</span>
        </a>
      </div>
    </div>
  );
}
