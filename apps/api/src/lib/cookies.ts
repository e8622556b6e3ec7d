/** A cookie's value from a request's Cookie header, or undefined. Most requests to the API carry none. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const pair = part.trim();
    const equals = pair.indexOf('=');
    if (equals >= 0 && pair.slice(0, equals) === name) return pair.slice(equals + 1);
  }
  return undefined;
}
