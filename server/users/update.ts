import type { FastifyInstance } from 'fastify';
import type { NewUserRow, UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

/** Updates a user row; a user deleted meanwhile is a 404, not a 500. */
export async function updateExistingUser(
  app: FastifyInstance,
  id: string,
  values: Partial<NewUserRow>,
): Promise<UserRow> {
  const row = await app.users.update(id, values);
  if (!row) throw new HttpError(404, 'User not found');
  return row;
}
