import type { IncomingHttpHeaders } from 'node:http';
import { isLocale, LOCALE_COOKIE, type Locale, pickLocale } from '@kopi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cookieValue } from '../lib/cookies.ts';
import { type Sayable, say, type Translator, translator } from '../lib/i18n.ts';

// docs/decisions/i18n-lingui.md#the-requests-language: the one place that decides which language an
// answer speaks. The signed-in account's choice wins; without one, the device's choice (the
// LOCALE_COOKIE the screens set when a person switches), else Accept-Language (id* → Indonesian,
// anything else → English).

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's answer (read it after the route's guard, which finds the account). */
    readonly locale: Locale;
    /** A text in the request's language; the answer then says which language it speaks (Content-Language). */
    t(text: Sayable): string;
    /** The request's translator, for texts said later (a streamed report); the answer speaks its language. */
    translator(): Translator;
    /** The request's language for an answer whose content is in it (the menu's texts): the answer then says which. */
    speak(): Locale;
    /** The language a text of the answer was said in, if any. */
    spoken: Locale | null;
  }
}

/** The request's language from its headers alone (before, or without, an account): the device's choice, else Accept-Language. */
export function headerLocale(request: { headers: IncomingHttpHeaders }): Locale {
  const chosen = cookieValue(request.headers.cookie, LOCALE_COOKIE);
  return isLocale(chosen) ? chosen : pickLocale(request.headers['accept-language']);
}

/** The request headers an answer in a language depends on, each with a pattern finding it in a Vary header. */
const VARY_ON = (['Accept-Language', 'Cookie'] as const).map((name) => [name, new RegExp(`(^|,)\\s*${name}\\s*(,|$)`, 'i')] as const);
const VARY_ON_ALL = VARY_ON.map(([name]) => name).join(', ');

/** The Vary header once it names the language's headers too: most answers have none yet, or only Accept-Encoding. */
function varyWithLanguage(vary: string): string {
  if (vary === '') return VARY_ON_ALL;
  let more = '';
  for (const [name, named] of VARY_ON) if (!named.test(vary)) more += `, ${name}`;
  return vary + more;
}

export const localePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', {
    getter(this: FastifyRequest): Locale {
      return this.session?.locale ?? headerLocale(this);
    },
  });
  app.decorateRequest('spoken', null);
  app.decorateRequest('translator', function (this: FastifyRequest): Translator {
    this.spoken = this.locale;
    return translator(this.spoken);
  });
  app.decorateRequest('speak', function (this: FastifyRequest): Locale {
    this.spoken = this.locale;
    return this.spoken;
  });
  app.decorateRequest('t', function (this: FastifyRequest, text: Sayable): string {
    const locale = this.locale;
    this.spoken = locale;
    return say(locale, text);
  });

  // An answer whose words depend on the language says so: Content-Language for the client, and
  // Vary: Accept-Language and Cookie, so that a shared cache never hands one person's language to another.
  // Every menu answer passes here: the patterns are made once, and the hook takes no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.spoken !== null) {
      reply.header('content-language', request.spoken);
      const vary = String(reply.getHeader('vary') ?? '');
      const next = varyWithLanguage(vary);
      if (next !== vary) reply.header('vary', next);
    }
    done(null, payload);
  });
});
