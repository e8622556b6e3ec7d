import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n';
// The QR encoder runs in a worker of its own (qr-worker.ts says why), only while a QR code is shown.
import QrWorker from '../lib/qr-worker?worker';

// A QRIS code to scan (docs/shop-rules.md#payments): on the customer's phone while an order awaits
// its payment, and large on the till's screen for the customer at the counter.

/** The side of the QR code saved as a picture, in pixels: big enough for an e-wallet's "scan from gallery". */
const SAVED_QR_PX = 600;

/** The SVG drawn by the worker, as an image's address; a PNG of it to save. */
function useQrImage(qrString: string): { src?: string; png?: string; failed: boolean } {
  const [src, setSrc] = useState<string>();
  const [png, setPng] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    setFailed(false);
    const worker = new QrWorker();
    worker.onmessage = (event: MessageEvent<{ svg?: string; error?: string }>) => {
      worker.terminate();
      if (!current) return;
      if (!event.data.svg) return setFailed(true);
      const svgSrc = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(event.data.svg)}`;
      setSrc(svgSrc);
      // A PNG to save: an e-wallet scans a picture from the gallery, not an SVG.
      const image = new Image();
      image.onload = () => {
        const canvas = document.createElement('canvas');
        canvas.width = SAVED_QR_PX;
        canvas.height = SAVED_QR_PX;
        const context = canvas.getContext('2d');
        if (!context || !current) return;
        context.imageSmoothingEnabled = false;
        context.drawImage(image, 0, 0, SAVED_QR_PX, SAVED_QR_PX);
        setPng(canvas.toDataURL('image/png'));
      };
      image.src = svgSrc;
    };
    worker.onerror = () => {
      worker.terminate();
      if (current) setFailed(true);
    };
    worker.postMessage(qrString);
    return () => {
      current = false;
      worker.terminate();
    };
  }, [qrString]);
  return { src, png, failed };
}

/**
 * The code, and (on the customer's phone) a PNG of it to save for an e-wallet's "scan from gallery".
 * `large`: the till's screen, scanned across the counter.
 */
export function QrisCode({
  qrString,
  alt,
  fileName,
  large = false,
}: {
  qrString: string;
  alt: string;
  fileName?: string;
  large?: boolean;
}) {
  const { src, png, failed } = useQrImage(qrString);
  const t = useT();

  if (failed) return <p className="rounded-xl border border-berry/30 bg-berry/5 p-4 text-berry">{t('pay.qrFailed')}</p>;
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {src ? (
        <img
          src={src}
          alt={alt}
          width={large ? 320 : 240}
          height={large ? 320 : 240}
          className={`${large ? 'size-80' : 'size-60'} rounded-xl bg-white ring-1 ring-roast/20`}
          data-testid="qris-code"
        />
      ) : (
        <div aria-hidden="true" className={`${large ? 'size-80' : 'size-60'} animate-pulse rounded-xl bg-crema`} />
      )}
      <p className="font-semibold">{t('pay.scanQris')}</p>
      {png && fileName && (
        <div className="space-y-1">
          <a
            href={png}
            download={fileName}
            className="inline-flex min-h-11 items-center justify-center rounded-xl border border-roast/40 bg-white px-5 py-2 font-semibold text-espresso hover:bg-crema"
          >
            {t('pay.saveQr')}
          </a>
          <p className="text-sm text-roast">{t('pay.saveQrHint')}</p>
        </div>
      )}
    </div>
  );
}
