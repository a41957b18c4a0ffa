// `npm run admin -- <command> EMAIL` (built: `node dist/server/admin-cli.js`): an operator's account
// commands (USAGE) on the server's database. Exit status: 0 done, 1 refused or failed, 2 usage.
import { createInterface } from 'node:readline';
import { isCommonPassword } from './auth/common-passwords.ts';
import { hashPassword } from './auth/security.ts';
import type { Settings } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/index.ts';
import { limiterOf } from './limits/rate-limiter.ts';
import { fail, settingsFromEnvironment } from './startup.ts';
import { createUsersRepository, type UsersRepository } from './users/repository.ts';

const USAGE = `Usage: npm run admin -- <command> EMAIL
Commands:
  set-password EMAIL   set the account's password (read from stdin, or asked on a terminal) and end its sessions
  end-sessions EMAIL   end every session of the account (it must sign in again)
  unlock EMAIL         clear the account's sign-in lockout after too many failed logins
`;

const COMMANDS = ['set-password', 'end-sessions', 'unlock'] as const;
type Command = (typeof COMMANDS)[number];

/** A refusal the operator can act on: printed without a stack, exit status 1. */
class Refused extends Error {}

/** The new password: the first line of stdin when it is piped, else asked twice without echo. */
async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    return text.split(/\r?\n/, 1)[0] ?? '';
  }
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      // Echo nothing of what is typed.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
        if (s.startsWith(question)) process.stdout.write(question);
      };
      rl.question(question, (answer) => {
        rl.close();
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('New password: ');
  const again = await ask('Repeat it: ');
  if (first !== again) throw new Refused('the two passwords differ; nothing changed');
  return first;
}

/** The rules of every other way to set a password (openapi.json: 8..128 characters, not a common one). */
function checkPassword(password: string) {
  if (password.length < 8) throw new Refused('the password must be at least 8 characters; nothing changed');
  if (password.length > 128)
    throw new Refused('the password must be at most 128 characters; nothing changed');
  if (isCommonPassword(password))
    throw new Refused('the password is too common (found in lists of leaked passwords); nothing changed');
}

async function unlock(settings: Settings, email: string): Promise<string> {
  const { rateLimits } = settings;
  if (!rateLimits.enabled) return `rate limits are off (RATE_LIMIT_ENABLED): ${email} is not locked out`;
  if (!settings.redisUrl) {
    throw new Refused(
      'without REDIS_URL each server process keeps its sign-in lockouts in its own memory, out of reach of ' +
        'this command: restart the server, or use the admin screen (row menu "Unlock sign-in", ' +
        'POST /api/v1/users/{user_id}/unlock) of the process that locked it',
    );
  }
  const limiter = limiterOf(settings);
  try {
    // The connection must be up: a reset while Redis is unreachable would clear only this process's
    // fallback counters and report a success that is not one.
    // Waited for up to 5 s (a connection still being made), not retried once Redis has refused it.
    await limiter.ping(5_000).catch((error: Error) => {
      throw new Refused(`Redis (REDIS_URL) does not answer: ${error.message}; nothing changed`);
    });
    await limiter.unlockLogin(email);
  } finally {
    await limiter.close();
  }
  return `sign-in unlocked for ${email.toLowerCase()}`;
}

async function run(command: 'set-password' | 'end-sessions', email: string, users: UsersRepository) {
  const user = await users.byEmail(email);
  if (!user) throw new Refused(`no account with the e-mail ${email}`);
  if (command === 'set-password') {
    const password = await readNewPassword();
    checkPassword(password);
    await users.setPassword(user.id, await hashPassword(password), null);
    return `password set for ${user.email}; its sessions are ended`;
  }
  await users.endSessions(user.id);
  return `every session of ${user.email} is ended`;
}

async function runCommand(command: Command, email: string, settings: Settings): Promise<string> {
  // The lockout is counted per e-mail as typed at sign-in, account or not, and lives outside the
  // database: unlocking needs no database (an embedded one may stay open in its server).
  if (command === 'unlock') return unlock(settings, email);
  const { database } = settings;
  let handle: DatabaseHandle;
  try {
    // Never migrates: a schema behind this code is refused (run `npm run db:migrate`).
    handle = await openDatabase(database, {
      migrations: 'check',
      poolSize: 1,
      connectWaitSeconds: database.connectWaitSeconds,
    });
  } catch (error) {
    return fail(error);
  }
  try {
    return await run(command, email, createUsersRepository(handle.db));
  } finally {
    await handle.close();
  }
}

async function main() {
  const [command, email, ...rest] = process.argv.slice(2);
  if (command === undefined || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    process.exitCode = command === undefined ? 2 : 0;
    return;
  }
  if (!(COMMANDS as readonly string[]).includes(command) || !email || rest.length > 0) {
    process.stderr.write(
      `admin: ${COMMANDS.includes(command as Command) ? 'one EMAIL expected' : `unknown command "${command}"`}\n${USAGE}`,
    );
    process.exitCode = 2;
    return;
  }
  const settings = settingsFromEnvironment();
  try {
    process.stdout.write(`${await runCommand(command as Command, email, settings)}\n`);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    process.stderr.write(`admin ${command}: ${error.message}\n`);
    process.exitCode = 1;
  }
}

await main();
