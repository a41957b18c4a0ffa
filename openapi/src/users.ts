import { area } from './operation.ts';
import { paging, userId } from './parameters.ts';

const { get, post, patch, delete: del } = area('users');

export const userOperations = [
  get('/users/', {
    operationId: 'readUsers',
    auth: 'superuser',
    parameters: paging,
    ok: 'UsersPublic',
  }),
  post('/users/', {
    operationId: 'createUser',
    auth: 'superuser',
    idempotent: true,
    body: 'UserCreate',
    ok: 'UserPublic',
  }),
  get('/users/me', { operationId: 'readUserMe', auth: 'user', ok: 'UserPublic' }),
  patch('/users/me', {
    operationId: 'updateUserMe',
    auth: 'user',
    body: 'UserUpdateMe',
    ok: 'UserPublic',
    refusals: ['Conflict'],
  }),
  del('/users/me', { operationId: 'deleteUserMe', auth: 'user', ok: 'Message' }),
  patch('/users/me/password', {
    operationId: 'updatePasswordMe',
    auth: 'user',
    body: 'UpdatePassword',
    ok: 'Message',
  }),
  del('/users/me/delete-my-account', {
    operationId: 'deleteMyAccount',
    auth: 'user',
    ok: 'Message',
  }),
  post('/users/signup', {
    operationId: 'registerUser',
    auth: 'none',
    idempotent: true,
    body: 'UserRegister',
    ok: 'UserPublic',
    refusals: ['BadRequest', 'TooManyRequests'],
  }),
  get('/users/{user_id}', {
    operationId: 'readUserById',
    auth: 'user',
    parameters: [userId],
    ok: 'UserPublic',
  }),
  patch('/users/{user_id}', {
    operationId: 'updateUser',
    auth: 'superuser',
    parameters: [userId],
    body: 'UserUpdate',
    ok: 'UserPublic',
    refusals: ['Conflict'],
  }),
  del('/users/{user_id}', {
    operationId: 'deleteUser',
    auth: 'superuser',
    parameters: [userId],
    ok: 'Message',
  }),
  post('/users/me/sessions/revoke', {
    operationId: 'endMySessions',
    summary: 'Log Out Everywhere',
    auth: 'user',
    description:
      'Ends every session of the caller ("Log out everywhere"): every access token issued to the account so far, including the calling one, is refused from this answer on, on every host; signing in again gives a new, valid token. Answers Message "All sessions ended".',
    ok: 'Message',
  }),
  post('/users/{user_id}/sessions/revoke', {
    operationId: 'endUserSessions',
    auth: 'superuser',
    description:
      'Superusers only: ends every session of the user (every access token issued to them so far is refused from this answer on, on every host); the account itself is untouched and may sign in again. Unknown user: 404 "User not found". Answers Message "Sessions ended".',
    parameters: [userId],
    ok: 'Message',
  }),
  post('/users/{user_id}/unlock', {
    operationId: 'unlockUser',
    summary: 'Unlock User Sign-In',
    auth: 'superuser',
    description:
      'Superusers only: clears the sign-in lockout of the account (the failed-login count that refuses further attempts for a while, RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT), so its owner may sign in at once. Sessions and password are untouched. Unknown user: 404 "User not found". Answers Message "Sign-in unlocked" (also when the account was not locked).',
    parameters: [userId],
    ok: 'Message',
  }),
];
