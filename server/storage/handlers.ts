import type { FastifyInstance, FastifyReply } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { OperationHandlers } from '../http/types.ts';
import { type FileKind, storageKey, verifyFileSignature } from './uploads.ts';

const notFound = () => new HttpError(404, 'File not found');

export function fileHandlers(app: FastifyInstance): OperationHandlers<'readProfilePhoto' | 'readAsset'> {
  /** Streams the file a signed link names; the signature, not a bearer token, is the credential. */
  async function serve(
    kind: FileKind,
    params: { user_id: string },
    query: { v: string; exp: number; sig: string },
    reply: FastifyReply,
    headersFor: (user: UserRow) => Record<string, string>,
  ) {
    const userId = params.user_id.toLowerCase();
    if (!verifyFileSignature(app.settings.secretKey, kind, userId, query.v, query.exp, query.sig)) {
      throw new HttpError(403, 'Invalid or expired link');
    }
    const user = await app.users.byId(userId);
    const current = kind === 'asset' ? user?.assetVersion : user?.profilePhotoVersion;
    if (!user || current !== query.v) throw notFound();
    const file = await app.storage.get(storageKey(kind, user.id, query.v));
    if (!file) throw notFound();
    return reply
      .headers({
        'Content-Length': String(file.size),
        'X-Content-Type-Options': 'nosniff',
        // The link changes with every upload, so its content never does.
        'Cache-Control': 'private, max-age=43200, immutable',
        ...headersFor(user),
      })
      .send(file.body);
  }

  return {
    async readProfilePhoto(request, reply) {
      return serve('profile-photo', request.params, request.query, reply, (user) => ({
        'Content-Type': user.profilePhotoType ?? 'application/octet-stream',
        'Content-Disposition': 'inline',
      }));
    },
    async readAsset(request, reply) {
      return serve('asset', request.params, request.query, reply, (user) => ({
        'Content-Type': user.assetType ?? 'application/octet-stream',
        'Content-Disposition': `attachment; filename="${(user.assetName ?? 'file').replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(user.assetName ?? 'file')}`,
      }));
    },
  };
}
