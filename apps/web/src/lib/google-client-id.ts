/** The server writes GOOGLE_CLIENT_ID into <meta name="google-client-id">; empty when not configured. */
export const GOOGLE_CLIENT_ID = document.querySelector<HTMLMetaElement>('meta[name="google-client-id"]')?.content.trim() ?? '';
