// The floor of bench:api: node:http, pg, the API's SQL text and JWT check, and nothing else (no framework,
// validation, hooks or schemas). Settings: DATABASE_URL, SECRET_KEY, HOST, PORT.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { jwtVerify } from 'jose';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
const secret = process.env.SECRET_KEY;
if (!databaseUrl || !secret) throw new Error('floor-server needs DATABASE_URL and SECRET_KEY');
// The HMAC key imported once, as the API server does (server/auth/security.ts).
const key = await crypto.subtle.importKey(
  'raw',
  new TextEncoder().encode(secret),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['verify'],
);
// The same pool size as server/db/index.ts.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pool.on('error', () => {});

const ITEM_COLUMNS = '"id", "title", "description", "sku", "owner_id", "created_at"';
const SQL = {
  userById:
    'select "id", "email", "hashed_password", "full_name", "is_active", "is_superuser", "created_at", "major", "phone", "birth_date", "gender", "subscription_type", "is_email_confirmed", "confirm_code", "confirm_code_expires_at", "confirm_code_attempts", "confirm_code_sent_at", "fcm_token", "profile_photo_version", "profile_photo_type", "asset_version", "asset_name", "asset_type", "asset_size", "token_version", "kept_session_id" from "users" where "users"."id" = $1',
  count: 'select sum("counters"."n") as "n" from "counters" where "counters"."key" = $1',
  itemsOf: `select ${ITEM_COLUMNS} from "items" where "items"."owner_id" = $1 order by "items"."created_at" desc, "items"."id" desc limit $2`,
  itemsOfSkip: `select ${ITEM_COLUMNS} from "items" where "items"."owner_id" = $1 order by "items"."created_at" desc, "items"."id" desc limit $2 offset $3`,
  items: `select ${ITEM_COLUMNS} from "items" order by "items"."created_at" desc, "items"."id" desc limit $1`,
  itemsSkip: `select ${ITEM_COLUMNS} from "items" order by "items"."created_at" desc, "items"."id" desc limit $1 offset $2`,
  insertItem: `insert into "items" ("id", "title", "description", "sku", "owner_id", "created_at") values (default, $1, $2, $3, $4, default) returning ${ITEM_COLUMNS}`,
};

interface UserRow {
  id: string;
  email: string;
  full_name: string | null;
  is_active: boolean;
  is_superuser: boolean;
  created_at: Date;
}

/** JSON of `body` (a row's Date as its ISO text, by Date's toJSON; item rows are the public item). */
function send(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

async function currentUser(req: IncomingMessage): Promise<UserRow | null> {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  try {
    const { payload } = await jwtVerify(header.slice(7), key, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string') return null;
    const { rows } = await pool.query<UserRow>(SQL.userById, [payload.sub]);
    return rows[0] ?? null;
  } catch {
    return null;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://floor');
  if (url.pathname === '/api/v1/utils/health-check/') return send(res, 200, true);
  const user = await currentUser(req);
  if (!user) return send(res, 403, { detail: 'Could not validate credentials' });

  if (url.pathname === '/api/v1/users/me' && req.method === 'GET') {
    return send(res, 200, {
      id: user.id,
      email: user.email,
      full_name: user.full_name,
      is_active: user.is_active,
      is_superuser: user.is_superuser,
      created_at: user.created_at,
    });
  }
  if (url.pathname === '/api/v1/items/' && req.method === 'GET') {
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const page = user.is_superuser
      ? skip > 0
        ? pool.query(SQL.itemsSkip, [limit, skip])
        : pool.query(SQL.items, [limit])
      : skip > 0
        ? pool.query(SQL.itemsOfSkip, [user.id, limit, skip])
        : pool.query(SQL.itemsOf, [user.id, limit]);
    const counter = pool.query<{ n: string }>(SQL.count, [user.is_superuser ? 'items' : `items:${user.id}`]);
    const [rows, count] = await Promise.all([page, counter]);
    return send(res, 200, { data: rows.rows, count: Number(count.rows[0]?.n ?? 0) });
  }
  if (url.pathname === '/api/v1/items/' && req.method === 'POST') {
    const body = JSON.parse(await readBody(req)) as { title: string; description?: string; sku?: string };
    const { rows } = await pool.query(SQL.insertItem, [
      body.title,
      body.description ?? null,
      body.sku ?? null,
      user.id,
    ]);
    return send(res, 200, rows[0]);
  }
  send(res, 404, { detail: 'Not Found' });
}

const server = createServer((req, res) => {
  handle(req, res).catch(() => send(res, 500, { detail: 'Internal Server Error' }));
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 8001), process.env.HOST ?? '127.0.0.1');

const shutdown = () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
