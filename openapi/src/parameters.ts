import { LIMIT_DEFAULT, LIMIT_MAX, SKIP_MAX, TEXT_MAX } from '../limits.ts';
import { inPath, inQuery } from './operation.ts';

/** Parameters more than one operation takes. */

/** A list's page: `skip` rows, then at most `limit`. */
export const paging = [
  inQuery('skip', { type: 'integer', minimum: 0, maximum: SKIP_MAX, default: 0, title: 'Skip' }, false),
  inQuery(
    'limit',
    { type: 'integer', minimum: 0, maximum: LIMIT_MAX, default: LIMIT_DEFAULT, title: 'Limit' },
    false,
  ),
];

export const userId = inPath('user_id', { type: 'string', format: 'uuid', title: 'User Id' });
export const itemId = inPath('id', { type: 'string', format: 'uuid', title: 'Id' });
export const emailInPath = inPath('email', {
  type: 'string',
  minLength: 1,
  maxLength: TEXT_MAX,
  title: 'Email',
});
