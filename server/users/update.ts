import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../db/errors.ts';
import type { NewUserRow, UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { SendEmail } from '../mail/queue.ts';

export const emailTaken = () => new HttpError(409, 'User with this email already exists');

/** Updates a user row (gone meanwhile: 404; address taken meanwhile: 409); `emails` go in its transaction. */
export async function updateExistingUser(
  app: FastifyInstance,
  id: string,
  values: Partial<NewUserRow>,
  emails?: (user: UserRow, send: SendEmail) => void,
): Promise<UserRow> {
  try {
    const row = emails
      ? await app.mailDelivery.transaction(async (tx, send) => {
          const updated = await app.users.update(id, values, tx);
          if (updated) emails(updated, send);
          return updated;
        })
      : await app.users.update(id, values);
    if (!row) throw new HttpError(404, 'User not found');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
