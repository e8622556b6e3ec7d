import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

const STREAM = ': heartbeat\n\nid: 7\nevent: order\ndata: {"a":1}\n\nid: 8\nevent: order\ndata: line one\ndata: line two\n\n';

describe('the event-stream parser', () => {
  it('reads ids, event names and data, and skips comments', () => {
    const parser = createSseParser();
    expect(parser.push(STREAM)).toEqual([
      { id: '7', type: 'order', data: '{"a":1}' },
      { id: '8', type: 'order', data: 'line one\nline two' },
    ]);
    expect(parser.lastEventId()).toBe('8');
  });

  it('gives the same events however the text is cut, one character at a time included', () => {
    const parser = createSseParser();
    const events = [...STREAM].flatMap((c) => parser.push(c));
    expect(events.map((e) => e.id)).toEqual(['7', '8']);
    expect(events[1]?.data).toBe('line one\nline two');
  });

  it('takes CRLF and CR line ends, also when a CR ends one piece and its LF starts the next', () => {
    const parser = createSseParser();
    const crlf = STREAM.replaceAll('\n', '\r\n');
    const events = [...parser.push(crlf.slice(0, 30)), ...parser.push(crlf.slice(30))];
    expect(events.map((e) => e.data)).toEqual(['{"a":1}', 'line one\nline two']);
    const cr = createSseParser();
    expect(cr.push('data: x\r')).toEqual([]);
    expect(cr.push('\ndata: y\r\r')).toEqual([{ id: '', type: 'message', data: 'x\ny' }]);
  });

  it('waits for the blank line: an event cut off by a dropped connection is never delivered', () => {
    const parser = createSseParser('5');
    expect(parser.push('id: 6\nevent: order\ndata: {"half":')).toEqual([]);
    expect(parser.push('\n')).toEqual([]);
    // A resume asks for what follows 5, so that event 6 is sent again in full.
    expect(parser.lastEventId()).toBe('5');
    expect(parser.push('\n')).toEqual([{ id: '6', type: 'order', data: '{"half":' }]);
    expect(parser.lastEventId()).toBe('6');
  });

  it('keeps the last id across events without one, strips a BOM and one space after the colon, reads retry', () => {
    const parser = createSseParser('3');
    const events = parser.push('\uFEFFdata:no space\n\ndata:  two spaces\nretry: 2500\nretry: soon\n\n');
    expect(events).toEqual([
      { id: '3', type: 'message', data: 'no space' },
      { id: '3', type: 'message', data: ' two spaces' },
    ]);
    expect(parser.retryMs()).toBe(2500);
  });
});
