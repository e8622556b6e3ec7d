/// <reference lib="webworker" />
import { toString as qrSvg } from 'qrcode';

// Draws a payment's QR code (an SVG) off the page's own bundle: the CommonJS encoder comes in this
// worker's file only, loaded when an order awaits a QRIS payment. Imported in the page instead, it
// would be shared with the tables page's chunk, and the bundler would then move its CommonJS helpers
// into a chunk of their own that every page's first load fetches (docs/architecture.md#tests-and-targets).

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<string>) => {
  qrSvg(event.data, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
    .then((svg) => self.postMessage({ svg }))
    .catch((error: unknown) => self.postMessage({ error: String(error) }));
};
