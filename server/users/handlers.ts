import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { components } from '../../openapi/schema.d.ts';
import { rejectCommonPassword } from '../auth/common-passwords.ts';
import { requireUser } from '../auth/guard.ts';
import { hashPassword, verifyPassword } from '../auth/security.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { type NewUserRow, PROFILE_COLUMN_NAMES, type UserRow } from '../db/schema.ts';
import { HttpError, notEnoughPrivileges } from '../http/errors.ts';
import { changedColumns, type FieldColumns } from '../http/fields.ts';
import type { OperationHandlers } from '../http/types.ts';
import type { SendEmail } from '../mail/queue.ts';
import { newAccountEmail } from '../mail/templates.ts';
import { freshConfirmation, sendConfirmationCode } from './confirmation.ts';
import { deleteAccount } from './files.ts';
import { userPresenter } from './public.ts';
import { emailTaken, updateExistingUser } from './update.ts';

type UserOperations =
  | 'readUsers'
  | 'createUser'
  | 'readUserMe'
  | 'updateUserMe'
  | 'deleteUserMe'
  | 'deleteMyAccount'
  | 'updatePasswordMe'
  | 'registerUser'
  | 'readUserById'
  | 'updateUser'
  | 'deleteUser';

type Schemas = components['schemas'];

/** One address whatever its letter case, as the database compares them (lower(email); addresses are ASCII). */
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const cannotDeleteSelf = () => new HttpError(403, 'Super users are not allowed to delete themselves');

/** The profile's fields (PATCH /users/me, and an admin's new account) and the columns they set. */
export const PROFILE_COLUMNS = {
  full_name: 'fullName',
  ...PROFILE_COLUMN_NAMES,
  // Checked against the other accounts' addresses first; a new mailbox asks for a new confirmation.
  email: null,
} as const satisfies FieldColumns<Schemas['UserUpdateMe'], NewUserRow>;

/** An admin's PATCH /users/{id}: the profile's columns and the account's. */
export const USER_UPDATE_COLUMNS = {
  ...PROFILE_COLUMNS,
  is_active: 'isActive',
  is_superuser: 'isSuperuser',
  is_email_confirmed: 'isEmailConfirmed',
  subscription_type: 'subscriptionType',
  // Stored as its hash, after the common-password check, and it ends the user's other sessions.
  password: null,
} as const satisfies FieldColumns<Schemas['UserUpdate'], NewUserRow>;

const profileChanges = (body: Schemas['UserUpdateMe']) =>
  changedColumns<Schemas['UserUpdateMe'], NewUserRow>(PROFILE_COLUMNS, body);

export function userHandlers(app: FastifyInstance): OperationHandlers<UserOperations> {
  const present = userPresenter(app.settings.secretKey);
  /** Inserts the account and queues its e-mails (`emails`) in the same transaction. */
  async function createAccount(
    values: NewUserRow,
    duplicateDetail: string,
    emails: (user: UserRow, send: SendEmail) => void,
  ): Promise<UserRow> {
    if (await app.users.byEmail(values.email)) throw new HttpError(400, duplicateDetail);
    try {
      return await app.mailDelivery.transaction(async (tx, send) => {
        const user = await app.users.insert(values, tx);
        emails(user, send);
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(400, duplicateDetail);
      throw error;
    }
  }

  async function ensureEmailFree(email: string, ownerId: string) {
    const existing = await app.users.byEmail(email);
    if (existing && existing.id !== ownerId) throw emailTaken();
  }

  async function deleteSelf(request: FastifyRequest) {
    const user = requireUser(request);
    if (user.isSuperuser) throw cannotDeleteSelf();
    return deleteAccount(app, user);
  }

  return {
    async readUsers(request) {
      const viewer = requireUser(request);
      const { skip = 0, limit = 100 } = request.query;
      const { data, count } = await app.users.list(skip, limit);
      return { data: data.map((row) => present(row, viewer)), count };
    },

    async createUser(request) {
      const viewer = requireUser(request);
      const body = request.body;
      rejectCommonPassword(body.password);
      const user = await createAccount(
        {
          email: body.email,
          hashedPassword: await hashPassword(body.password),
          isActive: body.is_active ?? true,
          isSuperuser: body.is_superuser ?? false,
          subscriptionType: body.subscription_type ?? 'Free',
          ...profileChanges(body),
          ...(body.is_email_confirmed ? { isEmailConfirmed: true } : freshConfirmation()),
        },
        'The user with this email already exists in the system.',
        (row, send) => {
          sendConfirmationCode(app, row, send);
          send(newAccountEmail(app.templateContext, row.email));
        },
      );
      return present(user, viewer);
    },

    async readUserMe(request) {
      const user = requireUser(request);
      return present(user, user);
    },

    async updateUserMe(request) {
      const user = requireUser(request);
      const body = request.body;
      const changes = profileChanges(body);
      // Another letter case of the same address is stored as typed but stays confirmed: it is one mailbox.
      const newAddress = body.email != null && !sameAddress(body.email, user.email);
      if (body.email != null && body.email !== user.email) {
        await ensureEmailFree(body.email, user.id);
        Object.assign(changes, { email: body.email }, newAddress ? freshConfirmation() : {});
      }
      const updated = await updateExistingUser(
        app,
        user.id,
        changes,
        newAddress ? (row, send) => sendConfirmationCode(app, row, send) : undefined,
      );
      return present(updated, updated);
    },

    async updatePasswordMe(request) {
      const user = requireUser(request);
      const { current_password: current, new_password: next } = request.body;
      if (!(await verifyPassword(current, user.hashedPassword)))
        throw new HttpError(400, 'Incorrect password');
      if (current === next) throw new HttpError(400, 'New password cannot be the same as the current one');
      rejectCommonPassword(next);
      await app.users.setPassword(user.id, await hashPassword(next), request.sessionId);
      return { message: 'Password updated successfully' };
    },

    deleteUserMe: deleteSelf,
    deleteMyAccount: deleteSelf,

    async registerUser(request) {
      await app.limiter.consume('signupPerIp', request.ip);
      const { email, password, full_name: fullName = null } = request.body;
      rejectCommonPassword(password);
      const user = await createAccount(
        { email, hashedPassword: await hashPassword(password), fullName, ...freshConfirmation() },
        'The user with this email already exists in the system',
        (row, send) => sendConfirmationCode(app, row, send),
      );
      return present(user, user);
    },

    async readUserById(request) {
      const viewer = requireUser(request);
      const { user_id: id } = request.params;
      if (id.toLowerCase() === viewer.id) return present(viewer, viewer);
      if (!viewer.isSuperuser) throw notEnoughPrivileges();
      const user = await app.users.byId(id);
      if (!user) throw new HttpError(404, 'User not found');
      return present(user, viewer);
    },

    async updateUser(request) {
      const viewer = requireUser(request);
      const user = await app.users.byId(request.params.user_id);
      if (!user) throw new HttpError(404, 'The user with this id does not exist in the system');
      const body = request.body;
      if (body.password != null) rejectCommonPassword(body.password);
      const changes = changedColumns<Schemas['UserUpdate'], NewUserRow>(USER_UPDATE_COLUMNS, body);
      if (body.email != null && body.email !== user.email) {
        await ensureEmailFree(body.email, user.id);
        changes.email = body.email;
      }
      let updated = await updateExistingUser(app, user.id, changes);
      if (body.password != null) {
        await app.users.setPassword(user.id, await hashPassword(body.password), null);
        updated = (await app.users.byId(user.id)) ?? updated;
      }
      return present(updated, viewer);
    },

    async deleteUser(request) {
      const viewer = requireUser(request);
      const user = await app.users.byId(request.params.user_id);
      if (!user) throw new HttpError(404, 'User not found');
      if (user.id === viewer.id) throw cannotDeleteSelf();
      return deleteAccount(app, user);
    },
  };
}
