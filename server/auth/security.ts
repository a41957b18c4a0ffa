import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';

// OWASP's argon2id baseline (19 MiB, 2 passes).
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// A login storm must not take the cores from the event loop: hashes run on threads of their own (one per
// core, at most 2) that lower their own priority (Linux keeps nice per thread), so the reads come first
// while a hash still gets its share of a busy core (nice 19 starved it: six hashes took 8.4 s at load 10).
// libuv's thread pool stays free for WebCrypto (every JWT check) and file I/O. The thread's code is a
// string, so the built server needs no file of its own for it.
const HASH_THREADS = Math.max(1, Math.min(2, availableParallelism()));
const HASH_NICE = 5;
const HASH_THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
try {
  const thread = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(thread, workerData.nice);
} catch {}
parentPort.on('message', ({ id, password, hashed, options }) => {
  try {
    parentPort.postMessage({ id, result: hashed ? argon2.verifySync(hashed, password) : argon2.hashSync(password, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});`;

// Each thread answers its jobs in order; a job goes to the thread with the fewest waiting.
interface HashThread {
  worker: Worker;
  waiting: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
}
const hashThreads: HashThread[] = [];
let lastJob = 0;

function startHashThread(): HashThread {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const worker = new Worker(HASH_THREAD_SOURCE, { eval: true, workerData: { argon2, nice: HASH_NICE } });
  const thread: HashThread = { worker, waiting: new Map() };
  worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    const job = thread.waiting.get(id);
    thread.waiting.delete(id);
    if (error === undefined) job?.resolve(result);
    else job?.reject(new Error(error));
    // Let go when idle, so that a closing server or a finished CLI is not held open by it.
    if (thread.waiting.size === 0) worker.unref();
  });
  worker.on('error', (error) => {
    hashThreads.splice(hashThreads.indexOf(thread), 1);
    for (const job of thread.waiting.values()) job.reject(error);
  });
  hashThreads.push(thread);
  return thread;
}

function onHashThread<T>(job: { password: string; hashed?: string; options?: typeof ARGON2 }): Promise<T> {
  const idle = hashThreads.find((thread) => thread.waiting.size === 0);
  const thread =
    idle ??
    (hashThreads.length < HASH_THREADS
      ? startHashThread()
      : hashThreads.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a)));
  const id = ++lastJob;
  return new Promise<T>((resolve, reject) => {
    thread.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    thread.worker.ref();
    thread.worker.postMessage({ id, ...job });
  });
}

export const hashPassword = (password: string) => onHashThread<string>({ password, options: ARGON2 });

export async function verifyPassword(password: string, hashed: string): Promise<boolean> {
  try {
    return await onHashThread<boolean>({ password, hashed });
  } catch {
    return false;
  }
}

// Verifying against this when an e-mail is unknown makes a failed login cost the same either way.
let dummyHash: Promise<string> | undefined;
export function verifyAgainstNothing(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash.then((h) => verifyPassword(password, h)).then(() => false);
}

export interface AccessClaims {
  sub: string;
  /** The user's token version when the token was issued. */
  ver: number;
  /** The token's id (`tokenId`): logging out revokes it; the session that changed the password keeps it. */
  sid: string;
  /** Expiry, seconds since the epoch: a revocation is kept until then. */
  exp: number;
}

const ALG = 'HS256';
// The HMAC key imported once per secret, not on every token check.
const keys = new Map<string, Promise<CryptoKey>>();
function key(secret: string): Promise<CryptoKey> {
  let imported = keys.get(secret);
  if (!imported) {
    if (keys.size >= 16) keys.clear();
    imported = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, imported);
  }
  return imported;
}

/** `token` signed with the server's key for `subject`, issued now, expiring in `expires` (`8m`, `48h`). */
const signed = async (secret: string, token: SignJWT, subject: string, expires: string) => {
  token.setProtectedHeader({ alg: ALG }).setSubject(subject).setIssuedAt().setExpirationTime(expires);
  return token.sign(await key(secret));
};

export async function createAccessToken(
  secret: string,
  userId: string,
  version: number,
  expiresMinutes: number,
) {
  const token = new SignJWT({ ver: version }).setJti(randomBytes(16).toString('base64url'));
  return signed(secret, token, userId, `${expiresMinutes}m`);
}

const NEVER = 253_402_300_799; // 9999-12-31T23:59:59Z

/**
 * The id a token is revoked by: its `jti`; for tokens issued before tokens had one, their `sid` (every
 * earlier token of this server carries one); for a token made as the template makes them ({sub, exp}
 * with the same key), a digest of the token itself. So no token in circulation loses its validity on
 * upgrade, and every one of them can be logged out.
 */
function tokenId(payload: { jti?: unknown; sid?: unknown }, token: string): string {
  for (const claim of [payload.jti, payload.sid]) {
    if (typeof claim === 'string' && claim !== '' && claim.length <= 48) return claim;
  }
  return `sha256:${createHash('sha256').update(token).digest('base64url')}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token's claims if this server signed it and it has not expired; null otherwise. */
async function verifiedPayload(secret: string, token: string): Promise<JWTPayload | null> {
  try {
    return (await jwtVerify(token, await key(secret), { algorithms: [ALG] })).payload;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

export async function readAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  const payload = await verifiedPayload(secret, token);
  if (!payload || typeof payload.sub !== 'string' || !UUID.test(payload.sub)) return null;
  if (payload.typ === 'reset') return null;
  return {
    sub: payload.sub.toLowerCase(),
    ver: typeof payload.ver === 'number' ? payload.ver : 0,
    sid: tokenId(payload, token),
    // A token without `exp` never expires (jose accepts it): its revocation is kept for ever.
    exp: typeof payload.exp === 'number' ? payload.exp : NEVER,
  };
}

/** A reset token is bound to the password it replaces: any change of password makes it stop working. */
export const passwordFingerprint = (hashedPassword: string) =>
  createHash('sha256').update(hashedPassword).digest('base64url').slice(0, 16);

export async function createResetToken(
  secret: string,
  email: string,
  hashedPassword: string,
  expiresHours: number,
) {
  const token = new SignJWT({ typ: 'reset', pwf: passwordFingerprint(hashedPassword) }).setNotBefore('0s');
  return signed(secret, token, email, `${expiresHours}h`);
}

export async function readResetToken(
  secret: string,
  token: string,
): Promise<{ email: string; pwf: string } | null> {
  const payload = await verifiedPayload(secret, token);
  if (payload?.typ !== 'reset' || typeof payload.sub !== 'string' || typeof payload.pwf !== 'string')
    return null;
  return { email: payload.sub, pwf: payload.pwf };
}
