import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiDocument } from '../support/api.ts';
import { eventually, startTestServer, type TestServer, uniqueEmail } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('health and the contract document', () => {
  it('answers the health check with true', async () => {
    const res = await server.request('GET', '/api/v1/utils/health-check/');
    expect(res.status).toBe(200);
    expect(res.body).toBe(true);
  });

  it('serves the OpenAPI document it validates with', async () => {
    const res = await server.request('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/users/me');
  });
});

describe('utilities', () => {
  it('health check: 200 JSON true, no token needed', async () => {
    const res = await server.request('GET', '/api/v1/utils/health-check/');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('application/json');
    expect(res.text).toBe('true');
  });

  it('serves exactly the OpenAPI document on disk, and interactive docs at /docs', async () => {
    const res = await server.request('GET', '/api/v1/openapi.json');
    expect(res.body).toEqual(openapiDocument);
    const docs = await server.request('GET', '/docs');
    expect(docs.status).toBe(200);
    expect(String(docs.headers['content-type'])).toMatch(/^text\/html/);
  });

  it('test e-mail (superuser): 201 "Test email sent" and the e-mail goes out', async () => {
    const to = uniqueEmail('smoke-mail');
    const res = await server.request('POST', `/api/v1/utils/test-email/?email_to=${encodeURIComponent(to)}`, {
      token: await server.superuserToken(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Test email sent' });
    const mail = await eventually(() => server.outbox().find((m) => m.to === to));
    expect(mail.subject).toMatch(/test email/i);
  });

  it('test e-mail by a normal user: 403 "The user doesn\'t have enough privileges", nothing sent', async () => {
    const user = await server.newUser();
    const to = uniqueEmail('smoke-denied');
    const res = await server.request('POST', `/api/v1/utils/test-email/?email_to=${encodeURIComponent(to)}`, {
      token: user.token,
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "The user doesn't have enough privileges" });
    await new Promise((r) => setTimeout(r, 100));
    expect(server.outbox().filter((m) => m.to === to)).toEqual([]);
  });
});
