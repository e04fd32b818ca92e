import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const UID_PATTERN = /^[a-zA-Z0-9_-]{1,40}$/;

/** A 14-character random uid in Grafana's style (letters and digits). */
export function generateUid(length = 14): string {
  const bytes = randomBytes(length);
  let uid = '';
  for (const byte of bytes) uid += ALPHABET[byte % ALPHABET.length];
  return uid;
}

export function isValidUid(uid: string): boolean {
  return UID_PATTERN.test(uid);
}
