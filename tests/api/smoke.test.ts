import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

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
