import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { items, users } from '../../server/db/schema.ts';
import type { ApiResponse, TestServer } from './server.ts';

export const API = '/api/v1';

/** The OpenAPI document as a client sees it on disk (the server validates with the same file). */
export const openapiDocument = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', '..', 'openapi', 'openapi.json'), 'utf8'),
) as {
  paths: Record<string, Record<string, { operationId?: string; 'x-auth'?: string } | unknown>>;
};

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** Every operation of the document as `METHOD /path`, in document order. */
export function documentOperations(): {
  key: string;
  method: string;
  path: string;
  auth: string | undefined;
}[] {
  const out: { key: string; method: string; path: string; auth: string | undefined }[] = [];
  for (const [p, ops] of Object.entries(openapiDocument.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!(HTTP_METHODS as readonly string[]).includes(method)) continue;
      out.push({
        key: `${method.toUpperCase()} ${p}`,
        method: method.toUpperCase(),
        path: p,
        auth: (op as { 'x-auth'?: string })['x-auth'],
      });
    }
  }
  return out;
}

export const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '..', 'fixtures', name));

/** A multipart/form-data body with text fields and at most one file (in the field `file`). */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----apitest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Asserts status and `{detail}` together, so a failure shows both. */
export function expectError(res: ApiResponse, status: number, detail: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { detail } });
}

/** Asserts a 422 in FastAPI's shape, with one entry at `loc` (and, optionally, of `type`). */
export function expectValidation(res: ApiResponse, loc: (string | number)[], type?: string) {
  expect(res.status, res.text).toBe(422);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const detail = (res.body as { detail: unknown }).detail;
  expect(Array.isArray(detail), res.text).toBe(true);
  const issues = detail as { loc: unknown; msg: unknown; type: unknown }[];
  expect(issues.length).toBeGreaterThan(0);
  for (const issue of issues) {
    expect(Array.isArray(issue.loc)).toBe(true);
    expect(['body', 'query', 'path', 'header', 'cookie']).toContain((issue.loc as unknown[])[0]);
    expect(typeof issue.msg).toBe('string');
    expect((issue.msg as string).length).toBeGreaterThan(0);
    expect(typeof issue.type).toBe('string');
  }
  const match = issues.find((i) => JSON.stringify(i.loc) === JSON.stringify(loc));
  expect(match, `no 422 entry at ${JSON.stringify(loc)} in ${res.text}`).toBeDefined();
  if (type !== undefined) expect(match?.type).toBe(type);
}

/** Every row of the users and items tables, in a fixed order: equal snapshots mean nothing was written. */
export async function dbSnapshot(server: TestServer): Promise<string> {
  const [u, i] = await Promise.all([
    server.app.db.select().from(users).orderBy(asc(users.id)),
    server.app.db.select().from(items).orderBy(asc(items.id)),
  ]);
  return JSON.stringify({ users: u, items: i });
}

/** Row counts straight from the tables (not from the API's counters). */
export async function tableCounts(server: TestServer): Promise<{ users: number; items: number }> {
  const [u, i] = await Promise.all([
    server.app.db.select({ id: users.id }).from(users),
    server.app.db.select({ id: items.id, owner: items.ownerId }).from(items),
  ]);
  return { users: u.length, items: i.length };
}

/** An access token made like the template's: HS256 over `{sub, exp}` with the server's secret. */
export function forgeAccessToken(
  secret: string,
  sub: string,
  expiresInSeconds: number,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...extra })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}

export const NIL_UUID = '00000000-0000-4000-8000-000000000000';

/** The `token` query parameter of the first `<frontendHost>/reset-password?token=...` link in `html`. */
export function resetTokenFrom(html: string, frontendHost: string): string | undefined {
  const escaped = frontendHost.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/reset-password\\?token=([^"'<>\\s&]+)`).exec(html);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
