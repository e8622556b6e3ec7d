import type { FastifyInstance, FastifyReply } from 'fastify';
import { cookieValue } from '../../lib/cookies.ts';
import { notFound } from '../../lib/errors.ts';
import { CALLBACK_PATH, FLOW_COOKIE, FLOW_SECONDS, type GoogleSignIn, GoogleSignInError } from './google.service.ts';

/** The screen that finishes a Google sign-in in the SPA: it reads the outcome from the fragment. */
const LANDING = '/login/google';

/**
 * GET /auth/google sends the browser to the provider; GET /auth/google/callback comes back from it
 * and hands the session to the SPA in the URL's fragment, which browsers never send to a server nor
 * in a Referer (docs/decisions/google-sign-in.md). Without GOOGLE_CLIENT_ID/SECRET both answer 404.
 */
export async function googleRoutes(app: FastifyInstance, opts: { signIn: GoogleSignIn | undefined; secureCookie: () => boolean }) {
  const flowCookie = (value: string, maxAge: number) =>
    [
      `${FLOW_COOKIE}=${value}`,
      `Path=${CALLBACK_PATH}`,
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Lax',
      opts.secureCookie() ? 'Secure' : '',
    ]
      .filter(Boolean)
      .join('; ');

  const landWith = (reply: FastifyReply, fragment: Record<string, string>) =>
    reply.header('cache-control', 'no-store').redirect(`${LANDING}#${new URLSearchParams(fragment)}`, 303);

  const signInOf = () => {
    if (!opts.signIn) throw notFound('server.googleNotConfigured');
    return opts.signIn;
  };

  app.get(
    '/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with Google (a browser navigation)',
        redirects: { 302: "To Google's sign-in page", 303: 'Back to the app, saying why the sign-in could not start' },
      },
    },
    async (_request, reply) => {
      const signIn = signInOf();
      try {
        const { location, sealedFlow } = await signIn.start();
        return reply.header('set-cookie', flowCookie(sealedFlow, FLOW_SECONDS)).header('cache-control', 'no-store').redirect(location, 302);
      } catch (error) {
        if (error instanceof GoogleSignInError) return landWith(reply, { error: error.reason });
        throw error;
      }
    },
  );

  app.get(
    '/auth/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: "Google's return to the shop (a browser navigation)",
        redirects: { 303: 'To the app, with the new session in the fragment or the reason it failed' },
      },
    },
    async (request, reply) => {
      const signIn = signInOf();
      // The flow is over either way: its cookie goes.
      reply.header('set-cookie', flowCookie('', 0));
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      try {
        const session = await signIn.finish(query, cookieValue(request.headers.cookie, FLOW_COOKIE));
        return landWith(reply, { token: session.token, role: session.role, id: String(session.id) });
      } catch (error) {
        if (error instanceof GoogleSignInError) return landWith(reply, { error: error.reason });
        throw error;
      }
    },
  );
}
