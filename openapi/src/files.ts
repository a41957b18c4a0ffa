import { PHOTO_TYPES } from '../limits.ts';
import { area, inPath, inQuery } from './operation.ts';

/** The signed links of UserPublic: no bearer token, the link's signature is the credential. */

const { get } = area('files');

const binary = { schema: { type: 'string', format: 'binary' } } as const;

/** A signed link's parameters (server/storage signs and checks them). */
const signedLink = [
  inPath('user_id', { type: 'string', format: 'uuid' }),
  inQuery('v', { type: 'string', maxLength: 64 }, true, 'Version of the file.'),
  inQuery('exp', { type: 'integer', minimum: 0 }, true, 'Expiry of the link, in seconds since the epoch.'),
  inQuery('sig', { type: 'string', maxLength: 128 }, true, 'Signature of the link.'),
];

export const fileOperations = [
  get('/files/profile-photo/{user_id}', {
    operationId: 'readProfilePhoto',
    auth: 'none',
    description:
      "A user's profile photo. The link itself is the credential: `UserPublic.profile_photo_url` is a signed, expiring link given to signed-in users.",
    parameters: signedLink,
    ok: {
      description: 'The file.',
      content: Object.fromEntries(PHOTO_TYPES.map((type) => [type, binary])),
    },
    refusals: ['Forbidden', 'NotFound'],
  }),
  get('/files/asset/{user_id}', {
    operationId: 'readAsset',
    auth: 'none',
    description:
      "A user's asset, as an attachment. `UserPublic.asset_url` is a signed, expiring link given only to the owner and superusers.",
    parameters: signedLink,
    ok: { description: 'The file.', content: { 'application/octet-stream': binary } },
    refusals: ['Forbidden', 'NotFound'],
  }),
];
