import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';

// A table's QR code, drawn in the browser (docs/shop-rules.md#orders-from-the-table). The encoder is
// imported here only, so it comes with the tables page's own lazy chunk and no other page loads it.
// (A static import: as a chunk of its own, the CommonJS encoder would pull the bundler's runtime into
// a shared chunk that every page's first load then fetches.)

/** A table's QR code, encoding the address its token opens. */
export function TableQr({ url, name }: { url: string; name: string }) {
  const t = useT();
  const [src, setSrc] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 320 })
      .then((data) => current && setSrc(data))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [url]);
  if (failed) return <p className="text-sm text-berry">{t('admin.tables.qrFailed')}</p>;
  if (!src) return <div className="aspect-square w-full max-w-48 animate-pulse rounded-xl bg-crema" aria-hidden="true" />;
  return <img src={src} alt={t('admin.tables.qrAlt', { name })} className="aspect-square w-full max-w-48" data-testid="table-qr" />;
}
