/**
 * Runs the real API server (in-memory database) in its own Node process for the UI tests: jsdom's
 * globals (typed arrays of another realm) break the server's crypto when it shares the test's process.
 * Prints one JSON line {port, dataDir, superuser} when listening; stops on SIGTERM or when stdin closes.
 */
import type { AddressInfo } from 'node:net';
import { SUPERUSER, startTestServer } from '../support/server.ts';

// jsdom's origin (vitest's default URL): the upload's XMLHttpRequest is a cross-origin request there.
// On PGlite, the database starts from a migrated one's dump: seconds instead of ~20 s per test file.
const server = await startTestServer(
  { BACKEND_CORS_ORIGINS: 'http://localhost:3000' },
  { pgliteFromDump: true },
);
await server.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = server.app.server.address() as AddressInfo;
process.stdout.write(`${JSON.stringify({ port, dataDir: server.dataDir, superuser: SUPERUSER })}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  const timeout = new Promise((resolve) => setTimeout(resolve, 3_000));
  await Promise.race([server.close().catch(() => {}), timeout]);
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
