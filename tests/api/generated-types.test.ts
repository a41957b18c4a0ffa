import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { GENDERS, SUBSCRIPTION_TYPES } from '../../openapi/enums.ts';
import { API_PREFIX } from '../../openapi/prefix.ts';
import { documentText } from '../../openapi/src/document.ts';

const root = path.join(import.meta.dirname, '..', '..');

describe('generated API types', () => {
  it('openapi/openapi.json is what its sources in openapi/src generate', () => {
    const committed = readFileSync(path.join(root, 'openapi', 'openapi.json'), 'utf8');
    expect(
      documentText() === committed,
      'openapi/openapi.json is stale: openapi/src changed since it was generated (or the JSON was edited by hand). Run `npm run generate:api`.',
    ).toBe(true);
  });

  it('openapi/schema.d.ts is what openapi-typescript makes of openapi/openapi.json', async () => {
    const document = pathToFileURL(path.join(root, 'openapi', 'openapi.json'));
    // The same call the CLI of `npm run generate:api` makes, with its default options.
    const generated = `${COMMENT_HEADER}${astToString(await openapiTS(document, { silent: true }))}`;
    const committed = readFileSync(path.join(root, 'openapi', 'schema.d.ts'), 'utf8');
    expect(
      generated === committed,
      'openapi/schema.d.ts is stale: the OpenAPI document changed since it was generated. Run `npm run generate:api`.',
    ).toBe(true);
  });

  it("API_PREFIX, which the server mounts and the SPA calls, is the document's server URL", () => {
    const document = JSON.parse(readFileSync(path.join(root, 'openapi', 'openapi.json'), 'utf8'));
    expect(document.servers[0].url).toBe(API_PREFIX);
  });

  it("the enum lists of openapi/enums.ts are the document's enums, in its order", () => {
    const { schemas } = JSON.parse(
      readFileSync(path.join(root, 'openapi', 'openapi.json'), 'utf8'),
    ).components;
    expect(GENDERS).toEqual(schemas.Gender.enum);
    expect(SUBSCRIPTION_TYPES).toEqual(schemas.SubscriptionType.enum);
  });
});
