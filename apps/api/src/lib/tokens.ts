import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token: 256 random bits, base64url. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** True when the string has the shape of a token this server issues. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
