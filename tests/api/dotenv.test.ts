// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} in .env values is what is tested
// The `.env` reader: the template's current file relies on `${VAR}` expansion
// (DATABASE_URL=postgresql://postgres:${POSTGRES_PASSWORD}@localhost:5432/app) and on FASTAPI_ENV.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'dotenv';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../../server/config.ts';
import { expandDotenv, loadDotenv } from '../../server/dotenv.ts';
import { CURRENT_TEMPLATE_DOTENV } from '../fixtures/template-dotenv.ts';

const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dotenv-test-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('expandDotenv', () => {
  it('expands ${NAME} from the environment first, then from the file, in any order', () => {
    const parsed = parse('URL=db://${USER}:${PASS}@h/${DB}\nUSER=app\nPASS=from-file\nDB=${USER}_db');
    expect(expandDotenv(parsed, { PASS: 'from-env' }).URL).toBe('db://app:from-env@h/app_db');
  });

  it('takes ${NAME:-fallback} for an unset or empty name, leaves \\${NAME} and a bare $NAME as written', () => {
    const parsed = parse('A=${NOPE:-x}\nB=${EMPTY:-y}\nC=\\${KEEP}\nD=pa$$word$HOME\nEMPTY=');
    expect(expandDotenv(parsed, { HOME: '/root' })).toMatchObject({
      A: 'x',
      B: 'y',
      C: '${KEEP}',
      D: 'pa$$word$HOME',
    });
  });

  it('expands an unknown or self-referencing name to nothing instead of looping', () => {
    expect(expandDotenv(parse('A=<${A}>\nB=<${UNKNOWN}>'), {})).toEqual({ A: '<>', B: '<>' });
  });
});

describe("the template's current .env", () => {
  const read = (extra: string, env: Record<string, string> = {}) => {
    const file = path.join(tempDir(), '.env');
    writeFileSync(file, CURRENT_TEMPLATE_DOTENV + extra);
    const target: Record<string, string | undefined> = { DATA_DIR: tempDir(), ...env };
    loadDotenv(file, target);
    return target;
  };

  it('FASTAPI_ENV=development is local; DATABASE_URL is expanded with POSTGRES_PASSWORD', () => {
    const s = loadSettings(read(''));
    expect(s.environment).toBe('development');
    expect(s.deployed).toBe(false);
    expect(s.databaseUrl).toBe('postgresql://postgres:SecureDbPass456!@localhost:5432/app');
    expect(s.database.driver).toBe('postgres');
    expect(s.secretKey).toBe('a8c2d9f3e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f');
    expect(s.notices).toEqual([]);
  });

  it('the environment wins over the file, also inside an expansion', () => {
    const s = loadSettings(read('', { POSTGRES_PASSWORD: 'from-the-environment' }));
    expect(s.databaseUrl).toBe('postgresql://postgres:from-the-environment@localhost:5432/app');
  });

  it('FASTAPI_ENV=production is strict: the same file with "changethis" is refused', () => {
    const env = read('', { FASTAPI_ENV: 'production', SECRET_KEY: 'changethis' });
    expect(() => loadSettings(env)).toThrow(
      /Invalid setting SECRET_KEY: must not be "changethis" when ENVIRONMENT=production/,
    );
    const strong = loadSettings(read('', { FASTAPI_ENV: 'production' }));
    expect(strong.environment).toBe('production');
    expect(strong.serveStatecharts).toBe(false);
    expect(strong.database).toMatchObject({ driver: 'postgres', migrateOnStart: false });
  });

  it('ENVIRONMENT wins over FASTAPI_ENV, and says so; a bad FASTAPI_ENV is named', () => {
    const s = loadSettings(read('', { ENVIRONMENT: 'staging' }));
    expect(s.environment).toBe('staging');
    expect(s.notices).toContain('ENVIRONMENT=staging wins over FASTAPI_ENV=development');
    expect(() => loadSettings(read('', { FASTAPI_ENV: 'prod' }))).toThrow(/Invalid setting FASTAPI_ENV/);
  });

  it('accepts postgres:// as well as postgresql://', () => {
    const s = loadSettings(read('', { DATABASE_URL: 'postgres://postgres:${POSTGRES_PASSWORD}@db/app' }));
    // A value from the environment is taken as it is: expansion is the .env file's.
    expect(s.databaseUrl).toBe('postgres://postgres:${POSTGRES_PASSWORD}@db/app');
    expect(() => loadSettings(read('', { DATABASE_URL: 'mysql://db/app' }))).toThrow(/DATABASE_URL/);
  });
});
