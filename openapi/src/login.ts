import { area } from './operation.ts';
import { emailInPath } from './parameters.ts';

const { post } = area('login');

export const loginOperations = [
  post('/login/access-token', {
    operationId: 'loginAccessToken',
    auth: 'none',
    description: 'OAuth2 compatible token login, get an access token for future requests.',
    body: {
      schema: 'Body_login_login_access_token',
      as: ['application/x-www-form-urlencoded', 'multipart/form-data'],
    },
    ok: 'Token',
    refusals: ['BadRequest', 'TooManyRequests'],
  }),
  post('/login/test-token', {
    operationId: 'testToken',
    auth: 'user',
    description: 'Test access token.',
    ok: 'UserPublic',
  }),
  post('/logout', {
    operationId: 'logout',
    auth: 'user',
    description:
      'Logs out the calling access token: from this answer on, every server process and host refuses it (403 "Could not validate credentials"), although it has not expired. The caller\'s other sessions stay signed in. Answers Message "Logged out". A token already logged out is refused like any other revoked token. Tokens issued before logout existed are logged out the same way.',
    ok: 'Message',
  }),
  post('/password-recovery/{email}', {
    operationId: 'recoverPassword',
    auth: 'none',
    parameters: [emailInPath],
    idempotent: true,
    ok: 'Message',
    refusals: ['TooManyRequests'],
  }),
  post('/reset-password/', {
    operationId: 'resetPassword',
    auth: 'none',
    idempotent: true,
    body: 'NewPassword',
    ok: 'Message',
    refusals: ['BadRequest', 'TooManyRequests'],
  }),
  post('/password-recovery-html-content/{email}', {
    operationId: 'recoverPasswordHtmlContent',
    auth: 'superuser',
    parameters: [emailInPath],
    ok: {
      description: "The recovery e-mail's HTML.",
      content: { 'text/html': { schema: { type: 'string' } } },
    },
  }),
];
