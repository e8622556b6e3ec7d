import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
const ARGON2ID = 2;

export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return verify(storedHash, password);
}

/**
 * A hash of a random password, verified against when the email is unknown, so that a wrong
 * email takes as long as a wrong password and the answer time does not tell which accounts exist.
 */
let decoyHash: Promise<string> | undefined;
export function decoy(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  return decoyHash;
}
