// The Server-Sent-Events wire format (the HTML standard's "event stream interpretation"), read from a
// fetch body: EventSource cannot send `Authorization`, so the live stream reads the text itself.

export interface SseEvent {
  /** The stream's last event id when this event was dispatched ('' before any `id:`). */
  id: string;
  /** `event:` or 'message'. */
  type: string;
  data: string;
}

export interface SseParser {
  /** Feeds decoded text, in pieces of any size; answers the events completed by it. */
  push: (text: string) => SseEvent[];
  /** The id of the last event completed, to send back as Last-Event-ID on a reconnect. */
  lastEventId: () => string;
  /** The server's `retry:` advice in ms, if it gave one. */
  retryMs: () => number | undefined;
}

export function createSseParser(initialLastEventId = ''): SseParser {
  let buffer = '';
  let started = false;
  // A line ended by CR at the end of one piece may go on with LF at the start of the next.
  let skipLeadingLf = false;
  // The id of the event being read, and the id of the last event dispatched: only that one may be sent
  // back on a reconnect, or an event cut off by a dropped connection would never be asked for again.
  let idBuffer = initialLastEventId;
  let lastId = initialLastEventId;
  let retry: number | undefined;
  let data: string[] = [];
  let type = '';

  const dispatch = (out: SseEvent[]) => {
    lastId = idBuffer;
    if (data.length > 0) out.push({ id: lastId, type: type || 'message', data: data.join('\n') });
    data = [];
    type = '';
  };

  const line = (text: string, out: SseEvent[]) => {
    if (text === '') return dispatch(out);
    if (text.startsWith(':')) return; // a comment: the server's heartbeat
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) idBuffer = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };

  return {
    push(text) {
      const out: SseEvent[] = [];
      let chunk = text;
      if (!started && chunk.length > 0) {
        started = true;
        if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      }
      if (skipLeadingLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLeadingLf = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i), out);
        if (c === '\r') {
          if (i + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    lastEventId: () => lastId,
    retryMs: () => retry,
  };
}
