import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword, verifyPassword } from './auth/security.ts';
import type { Settings } from './config.ts';
import { isUniqueViolation } from './db/errors.ts';
import type { UsersRepository } from './users/repository.ts';

/**
 * Creates the first superuser once, with a generated password printed once when none is set. Once it
 * exists FIRST_SUPERUSER_PASSWORD is not applied again (an admin may have changed it): a warning says so.
 */
export async function ensureFirstSuperuser(
  settings: Settings,
  users: UsersRepository,
  log: FastifyBaseLogger,
) {
  const existing = await users.byEmail(settings.firstSuperuser);
  if (existing) {
    const given = settings.firstSuperuserPassword;
    if (given !== undefined && !(await verifyPassword(given, existing.hashedPassword))) {
      log.warn(
        { email: settings.firstSuperuser },
        'FIRST_SUPERUSER_PASSWORD is ignored: the first superuser exists already and its password is another one. ' +
          'To set it: npm run admin -- set-password EMAIL',
      );
    }
    return;
  }
  const generated = settings.firstSuperuserPassword === undefined;
  const password = settings.firstSuperuserPassword ?? randomBytes(12).toString('base64url');
  try {
    await users.insert({
      email: settings.firstSuperuser,
      hashedPassword: await hashPassword(password),
      isSuperuser: true,
      isActive: true,
      isEmailConfirmed: true,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return; // another process created it first
    throw error;
  }
  if (generated) {
    const line = '='.repeat(72);
    process.stdout.write(
      `\n${line}\nFirst superuser created: ${settings.firstSuperuser}\nGenerated password (shown only this once): ${password}\nSet FIRST_SUPERUSER_PASSWORD to choose it yourself.\n${line}\n\n`,
    );
  } else {
    log.info({ email: settings.firstSuperuser }, 'first superuser created');
  }
}
