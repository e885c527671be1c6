/** Opaque random tokens (256 bits, base64url) and the SHA-256 hashes they are stored as. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newFamilyId = (): string => randomUUID();
