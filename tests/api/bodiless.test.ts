import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, openapiDocument } from '../support/api.ts';
import { startTestServer, type TestServer, uniqueEmail } from '../support/server.ts';

/**
 * Mobile and fetch-wrapper clients send `Content-Type: application/json` on every request. FastAPI reads no
 * body for an operation that takes none, so such a request with an empty body is answered as if the header
 * were absent; an operation that takes a body still answers 422 'Field required' at the body's location.
 * Every operation of the document is called both ways.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: { $ref?: string; format?: string; type?: string; enum?: string[] };
}
interface Operation {
  'x-auth': 'none' | 'user' | 'superuser';
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown> };
}

const schemas = (
  openapiDocument as unknown as { components: { schemas: Record<string, Parameter['schema']> } }
).components.schemas;

/** A value the parameter's schema accepts, so that only the body can make the call a 422. */
function validValue({ schema }: Parameter): string {
  const resolved = schema.$ref ? schemas[schema.$ref.split('/').pop() ?? ''] : schema;
  if (resolved?.enum) return resolved.enum[0] ?? '';
  if (resolved?.format === 'uuid') return randomUUID();
  if (resolved?.type === 'integer') return '0';
  return uniqueEmail('bodiless'); // every other string parameter of the document is an e-mail or accepts one
}

const operations = Object.entries(openapiDocument.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, op]) => ({
    key: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    op,
  })),
);
const bodiless = operations.filter(({ op }) => !op.requestBody);
const withBody = operations.filter(({ op }) => op.requestBody);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The URL with every required parameter filled, and a token of the level the operation asks. */
async function prepare({ path, op }: (typeof operations)[number]) {
  const parameters = (op.parameters ?? []).filter((p) => p.required);
  let url = path;
  const query = new URLSearchParams();
  for (const p of parameters) {
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(validValue(p)));
    else if (p.in === 'query') query.set(p.name, validValue(p));
  }
  const token =
    op['x-auth'] === 'superuser'
      ? await server.superuserToken()
      : op['x-auth'] === 'user'
        ? (await server.newUser()).token
        : undefined;
  return { url: `${API}${url}${query.size > 0 ? `?${query}` : ''}`, token };
}

const emptyJson = { headers: { 'content-type': 'application/json' }, payload: '' };

describe('operations without a body', () => {
  it('are listed from the document (those the issue names among them)', () => {
    const keys = bodiless.map((o) => o.key);
    for (const key of [
      'POST /login/test-token',
      'POST /password-recovery/{email}',
      'DELETE /items/{id}',
      'PATCH /users/me/subscription_type',
    ])
      expect(keys).toContain(key);
  });

  it.each(bodiless)('$key: an empty body labelled JSON is answered as no body at all', async (operation) => {
    // Each call on its own account: some of these end a session or delete the account.
    const plain = await prepare(operation);
    const reference = await server.request(operation.method, plain.url, { token: plain.token });
    const labelled = await prepare(operation);
    const res = await server.request(operation.method, labelled.url, { token: labelled.token, ...emptyJson });
    expect(res.status, res.text).not.toBe(422);
    expect(res.status, res.text).toBe(reference.status);
  });
});

describe('operations with a body', () => {
  it.each(withBody)(
    "$key: an empty body labelled JSON is 422 'Field required' in the body",
    async (operation) => {
      const { url, token } = await prepare(operation);
      const res = await server.request(operation.method, url, { token, ...emptyJson });
      expect(res.status, res.text).toBe(422);
      const declared = Object.keys(operation.op.requestBody?.content ?? {});
      const detail = res.body.detail as { loc: string[]; msg: string; type: string }[];
      if (declared.includes('application/json'))
        expect(detail).toEqual([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
      else {
        // A form operation reads its fields from its own media types only: each required one is missing.
        expect(detail.length).toBeGreaterThan(0);
        for (const issue of detail)
          expect(issue).toMatchObject({
            loc: ['body', expect.any(String)],
            msg: 'Field required',
            type: 'missing',
          });
      }
    },
  );
});
