// The logger's guards and formats, line by line (the whole journey is tests/api/log-secrets.test.ts).
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../server/config.ts';
import { createLogger, maskEmail, prettyLine, redactUrl, scrubLine } from '../../server/logger.ts';
import { duplicateKeys, topLevelKeys } from '../support/log-lines.ts';

function capture(settings: Parameters<typeof createLogger>[0]) {
  const lines: string[] = [];
  return { log: createLogger(settings, { write: (line: string) => lines.push(line) }), lines };
}

describe('what never reaches a log line', () => {
  it('redacts the address of the recovery paths and credentials in a query', () => {
    expect(redactUrl('/api/v1/password-recovery/jane%40example.com')).toBe(
      '/api/v1/password-recovery/[redacted]',
    );
    expect(redactUrl('/api/v1/password-recovery-html-content/jane@example.com?x=1')).toBe(
      '/api/v1/password-recovery-html-content/[redacted]?x=1',
    );
    expect(redactUrl('/api/v1/files/photo/1?v=2&exp=3&sig=abcdef')).toBe(
      '/api/v1/files/photo/1?v=2&exp=3&sig=[redacted]',
    );
    expect(redactUrl('/reset-password?token=eyJabc')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/api/v1/items/?skip=0')).toBe('/api/v1/items/?skip=0');
  });

  it('masks addresses to their first character and domain, leaves URLs of servers alone', () => {
    expect(maskEmail('to jane.roe@mail.example.org and j%40example.com')).toBe(
      'to j***@mail.example.org and j***%40example.com',
    );
    expect(maskEmail('postgresql://postgres@127.0.0.1:5432/app')).toBe(
      'postgresql://postgres@127.0.0.1:5432/app',
    );
  });

  it('withholds JSON web tokens and the parameters of a failed query', () => {
    const line = JSON.stringify({
      msg: 'x',
      err: {
        message:
          'Failed query: insert into "user" values ($1, $2)\nparams: jane@example.com,$argon2id$v=19$m',
      },
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
    });
    const clean = scrubLine(line);
    expect(clean).not.toContain('argon2id');
    expect(clean).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    expect(JSON.parse(clean).err.message).toBe(
      'Failed query: insert into "user" values ($1, $2)\nparams: [withheld]',
    );
  });

  it('a deployed logger masks what a call site passed; a development one does not', () => {
    const deployed = capture({ logLevel: 'info', logFormat: 'json', deployed: true });
    deployed.log.info({ email: 'root@corp.example.com' }, 'first superuser created');
    expect(JSON.parse(deployed.lines[0] ?? '')).toMatchObject({ email: 'r***@corp.example.com' });
    const local = capture({ logLevel: 'info', logFormat: 'json', deployed: false });
    local.log.info({ email: 'root@corp.example.com' }, 'first superuser created');
    expect(JSON.parse(local.lines[0] ?? '')).toMatchObject({ email: 'root@corp.example.com' });
  });
});

describe('LOG_FORMAT', () => {
  it('is pretty in development and JSON elsewhere, unless chosen', () => {
    const base = {
      SECRET_KEY: 'x'.repeat(32),
      FIRST_SUPERUSER_PASSWORD: 'a-strong-password',
      DATABASE: 'embedded',
    };
    expect(loadSettings({ ...base, DATA_DIR: '/tmp/x' }).logFormat).toBe('pretty');
    expect(loadSettings({ ...base, ENVIRONMENT: 'production' }).logFormat).toBe('json');
    expect(loadSettings({ ...base, ENVIRONMENT: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe(
      'pretty',
    );
    expect(loadSettings({ ...base, LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
    expect(() => loadSettings({ ...base, LOG_FORMAT: 'xml' })).toThrow(/Invalid setting LOG_FORMAT/);
  });

  it('pretty: time, level, request id, message and fields on one line; the stack below', () => {
    const { log, lines } = capture({ logLevel: 'info', logFormat: 'pretty', deployed: false });
    log
      .child({ reqId: 'abcdef12-3456' })
      .warn({ kind: 'confirm-code', attempts: 2 }, 'e-mail not sent; will retry');
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} WARN {2}\[abcdef12\] e-mail not sent; will retry kind=confirm-code attempts=2\n$/,
    );
    // Fastify's request lines: nested objects as dotted keys, the response time to a tenth of a ms.
    log.info(
      { res: { statusCode: 200 }, responseTime: 12.345678912345, share: 0.012345 },
      'request completed',
    );
    expect(lines[1]).toMatch(
      / INFO {2}request completed res\.statusCode=200 responseTime=12\.3ms share=0\.012\n$/,
    );
    log.error({ err: new Error('boom') }, 'unhandled error');
    expect(lines[2]).toMatch(/ERROR unhandled error\n {4}Error: boom\n +at /);
    expect(prettyLine('not json', false)).toBe('not json');
  });

  it('json: one JSON object per line', () => {
    const { log, lines } = capture({ logLevel: 'info', logFormat: 'json', deployed: false });
    log.info({ workers: 2 }, 'all 2 workers serving');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 30, msg: 'all 2 workers serving', workers: 2 });
  });
});

describe('duplicate keys', () => {
  it('are found at the top level of a line, not inside nested objects or strings', () => {
    expect(topLevelKeys('{"a":1,"b":{"a":2,"c":[{"d":"x,\\"e\\":"}]},"e":"{\\"f\\":1}"}')).toEqual([
      'a',
      'b',
      'e',
    ]);
    expect(duplicateKeys('{"level":50,"pid":1,"pid":2,"msg":"a worker died"}')).toEqual(['pid']);
    const { log, lines } = capture({ logLevel: 'info', logFormat: 'json', deployed: false });
    log.error({ workerPid: 2, code: 1 }, 'a worker died; starting another');
    expect(duplicateKeys(lines[0] ?? '')).toEqual([]);
  });
});
