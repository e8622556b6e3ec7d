/**
 * Whether a URL's hostname (as `new URL(…).hostname` writes it) names this machine: the one place
 * where plain http:// is allowed (an OpenID provider or a public address in development and tests).
 */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname);
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
