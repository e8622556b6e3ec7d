import { useEffect, useRef, useState } from 'react';

export type StreamPhase = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** After a refusal (a 429: too many screens) the browser gives up on the stream: try again after this. */
const REOPEN_AFTER_MS = 10_000;

/**
 * A public Server-Sent-Events stream (no session to send, so the browser's EventSource with its own
 * reconnect and Last-Event-ID), its `eventName` frames given to `onData`. `url` null: no stream.
 * Answers whether it is live, so that a dropped connection is said on screen.
 */
export function useEventSource(
  url: string | null,
  eventName: string,
  onData: (data: string, type: string) => void,
  extraEvents: string[] = [],
) {
  const [phase, setPhase] = useState<StreamPhase>('connecting');
  const handler = useRef(onData);
  handler.current = onData;
  const extras = extraEvents.join(',');

  useEffect(() => {
    if (!url) return;
    let source: EventSource | null = null;
    let reopen: number | undefined;
    let stopped = false;
    const open = () => {
      source = new EventSource(url);
      setPhase((now) => (now === 'live' ? 'reconnecting' : now));
      source.onopen = () => setPhase('live');
      source.onerror = () => {
        setPhase(navigator.onLine ? 'reconnecting' : 'offline');
        // CLOSED: refused (not a dropped connection), the browser will not try again by itself.
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          reopen = window.setTimeout(open, REOPEN_AFTER_MS);
        }
      };
      for (const type of [eventName, ...(extras ? extras.split(',') : [])]) {
        source.addEventListener(type, (event) => handler.current((event as MessageEvent<string>).data, type));
      }
    };
    const onOffline = () => setPhase('offline');
    // Back online: a stream that outlived the drop is live again; otherwise the browser reconnects it.
    const onOnline = () => setPhase(source?.readyState === EventSource.OPEN ? 'live' : 'reconnecting');
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    open();
    return () => {
      stopped = true;
      window.clearTimeout(reopen);
      source?.close();
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [url, eventName, extras]);

  return phase;
}
