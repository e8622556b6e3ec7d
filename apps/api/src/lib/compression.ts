import zlib from 'node:zlib';

// Compression of answers (docs/architecture.md#the-path-of-a-request): a page of the catalogue is ~3.7 KB of JSON and ~0.6 KB
// compressed. Done synchronously: for answers this small zlib's own time (~30 µs) is less than
// what handing the work to its thread pool and back would cost.

export type Encoding = 'br' | 'gzip';

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const MIN_COMPRESS_BYTES = 1024;

/** Accept-Encoding values seen, with the encoding chosen for each. */
const chosen = new Map<string, Encoding | undefined>();

/**
 * The encoding to answer with, from the request's Accept-Encoding: Brotli when accepted (the
 * smaller answer), else gzip, else none. A `q=0` refuses an encoding; `*` stands for any other.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  // Browsers send one of a handful of strings: each is worked out once.
  if (chosen.has(acceptEncoding)) return chosen.get(acceptEncoding);
  const encoding = negotiate(acceptEncoding);
  if (chosen.size >= 100) chosen.clear();
  chosen.set(acceptEncoding, encoding);
  return encoding;
}

function negotiate(acceptEncoding: string): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return undefined;
}

/**
 * Brotli's quality for documents (the pages the server renders, 15–40 KB, on the phone's first
 * load): 4 compresses about as small as gzip's best at the same speed; its default (11) would take
 * ~5 ms per page.
 */
export const DOCUMENT_QUALITY = 4;
/**
 * For the API's cached JSON answers: a catalogue page (4.6 KB) takes 17 µs at quality 2 against 35 µs
 * at 4, and comes to 522 bytes against 467, one TCP segment either way. An answer the cache misses
 * (a rare search term, a far page) is compressed while its request waits
 * (docs/benchmarks.md#the-menus-cpu).
 */
export const ANSWER_QUALITY = 2;

export function compress(body: Buffer | string, encoding: Encoding, quality = DOCUMENT_QUALITY): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const compressed =
    encoding === 'br'
      ? zlib.brotliCompressSync(bytes, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        })
      : zlib.gzipSync(bytes);
  return ownBytes(compressed);
}

/**
 * The bytes in a memory of their own size. zlib's sync result is a view into its 16 KB output chunk:
 * a kept answer of 500 bytes held all 16 KB, 62.5 MB for 4,000 kept pages against 1.0 MB copied
 * (docs/decisions/pretenuring-off.md). Not Buffer.from(): a small copy would share Node's 8 KB pool
 * with short-lived buffers and keep the whole pool alive.
 */
function ownBytes(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.buffer.byteLength === view.length) return view;
  const own = Buffer.allocUnsafeSlow(view.length);
  view.copy(own);
  return own;
}

/** An answer as it goes on the wire: compressed when it is worth it and the client accepts it. */
export interface EncodedAnswer {
  body: Buffer | string;
  encoding?: Encoding;
}

export function encodeAnswer(body: string, encoding: Encoding | undefined, quality = DOCUMENT_QUALITY): EncodedAnswer {
  if (!encoding || Buffer.byteLength(body) < MIN_COMPRESS_BYTES) return { body };
  return { body: compress(body, encoding, quality), encoding };
}

/**
 * Compressed answers that repeat (the first pages of the menu), so that each is compressed once
 * rather than for every visitor. Exact, not timed: its owner clears it whenever what the answers
 * say changes. Kept in two generations of up to `perGeneration` answers each: answers go into the
 * young one; when it is full it becomes the old one, and the answers of the old one not asked for
 * since are dropped. An answer asked for from the old generation moves to the young one. A hit in
 * the young one, the common case, costs one lookup: reordering a Map on every hit (a strict LRU)
 * cost the menu 2 % of its CPU (docs/benchmarks.md#the-menus-cpu). With `keepPlain` false, an
 * answer under MIN_COMPRESS_BYTES is made again each time instead of kept: for answers that cost
 * no more to make than to look up (a product's), so that many small ones cannot push out the
 * compressed ones.
 */
export function createAnswerCache(perGeneration = 2000, { keepPlain = true } = {}) {
  let young = new Map<string, EncodedAnswer>();
  let old = new Map<string, EncodedAnswer>();
  const keep = (key: string, answer: EncodedAnswer) => {
    if (young.size >= perGeneration) {
      old = young;
      young = new Map();
    }
    young.set(key, answer);
  };
  return {
    get(key: string, encoding: Encoding | undefined, make: () => string): EncodedAnswer {
      if (!encoding) return { body: make() }; // nothing to save: the JSON is assembled in microseconds
      const full = `${encoding}:${key}`;
      const hit = young.get(full);
      if (hit) return hit;
      const aged = old.get(full);
      if (aged) {
        old.delete(full);
        keep(full, aged);
        return aged;
      }
      const answer = encodeAnswer(make(), encoding, ANSWER_QUALITY);
      if (answer.encoding || keepPlain) keep(full, answer);
      return answer;
    },
    clear(): void {
      young = new Map();
      old = new Map();
    },
  };
}
