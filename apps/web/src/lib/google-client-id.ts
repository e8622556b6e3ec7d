import { meta } from './shop-name';

/** The server writes GOOGLE_CLIENT_ID into <meta name="google-client-id">; empty when not configured. */
export const GOOGLE_CLIENT_ID = meta('google-client-id') ?? '';
