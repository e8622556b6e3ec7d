import net from 'node:net';

// Sending ESC/POS to a printer on the shop's network: its raw TCP port (9100), the bytes, and the
// connection closed (docs/decisions/escpos-printers.md). Used by the server's worker and by the
// print agent (apps/api/src/print-agent.ts), which runs in the shop when the server does not.

/** Sends the bytes to a printer over raw TCP, within `timeoutMs`. */
export function sendToPrinter(printer: { host: string; port: number }, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: printer.host, port: printer.port });
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        socket.destroy();
        reject(error);
      } else {
        // The bytes are with the system; a printer that keeps its side open is let go of soon.
        setTimeout(() => socket.destroy(), timeoutMs).unref();
        resolve();
      }
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.once('error', (error) => finish(error));
    socket.once('connect', () => socket.end(bytes, () => finish()));
  });
}
