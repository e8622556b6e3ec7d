import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';
import { phrase } from '../lib/i18n.ts';

/**
 * No body the API takes nests deeper than a few levels (an order's lines are at the third); 32
 * leaves room for any client while keeping every later step that walks a body (the NUL check, the
 * schemas) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The deepest nesting of arrays and objects in a JSON text, counted in one pass without recursion
 * (strings are skipped, escapes included), stopping as soon as `limit` is passed.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON bodies are checked for their depth before they are parsed: a body nested thousands of levels
 * deep once overflowed the stack of the steps that walk it and answered 500, before the token was
 * even checked. It is a 400 now, at the parser, before anything else runs.
 */
export const jsonDepthPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(badRequest(phrase('server.jsonTooDeep', { levels: MAX_JSON_DEPTH })), undefined);
      return;
    }
    parse(request, text, done);
  });
});
