import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { eventually, startTestServer, type TestServer, uniqueEmail } from '../support/server.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
let sink: Sink;
let server: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer(sink.env);
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const codeIn = (html: string) => /data-confirm-code="(\d{6})"/.exec(html)?.[1];

/** The newest confirmation code e-mailed to `email`, read from the SMTP sink. */
async function mailedCode(email: string, after = 0): Promise<string> {
  return eventually(() => {
    const mails = sink.mails.filter((m) => m.to.includes(email) && /confirmation code/i.test(m.subject));
    if (mails.length <= after) return undefined;
    return codeIn(mails.at(-1)?.html ?? '');
  });
}
const mailsTo = (email: string) =>
  sink.mails.filter((m) => m.to.includes(email) && /confirmation code/i.test(m.subject));

const check = (token: string, code: string) =>
  server.request('PATCH', '/api/v1/users/me/check_confirm_email', { token, json: { confirm_code: code } });
const resend = (token: string) => server.request('PATCH', '/api/v1/users/me/resend_confirm_email', { token });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Moves the last send back in time, as if the resend interval had passed. */
const ageLastSend = (id: string) =>
  server.app.db
    .update(users)
    .set({ confirmCodeSentAt: new Date(Date.now() - 61_000) })
    .where(eq(users.id, id));

describe('e-mail confirmation', () => {
  it('guesses arriving at once share the attempts left: one left, 32 guesses, at most one compared', async () => {
    const user = await server.newUser();
    const code = await mailedCode(user.email);
    for (let i = 0; i < 4; i++) expect((await check(user.token, wrongCode(code))).status).toBe(400);
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_, i) => check(user.token, i % 2 ? code : wrongCode(code))),
    );
    const details = answers.map((a) => (a.status === 200 ? 'confirmed' : a.body.detail));
    // One counted guess: either it was right (one 'confirmed', the rest were too late) or wrong.
    const compared = details.filter((d) => d === 'confirmed' || /^Invalid confirmation code/.test(d));
    expect(compared.length).toBeLessThanOrEqual(1);
    // The rest: too late, out of tries, or past the account's request limit (20 per 10 minutes).
    for (const d of details)
      expect(d).toMatch(
        /^(confirmed|Email is already confirmed|Too many wrong codes\. Ask for a new code\.|Too many requests\. Try again in \d+ seconds\.)$/,
      );
  });

  it('e-mails a 6-digit code at signup that confirms the address once', async () => {
    const user = await server.newUser();
    expect(user.record.is_email_confirmed).toBe(false);
    const code = await mailedCode(user.email);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await check(user.token, wrongCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('Invalid confirmation code. 4 tries left.');

    const right = await check(user.token, code);
    expect(right.status).toBe(200);
    expect(right.body.is_email_confirmed).toBe(true);
    expect(right.body.confirm_code).toBeNull();
    const me = await server.request('GET', '/api/v1/users/me', { token: user.token });
    expect(me.body.is_email_confirmed).toBe(true);

    const again = await check(user.token, code);
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('Email is already confirmed');
    const resendConfirmed = await resend(user.token);
    expect(resendConfirmed.status).toBe(400);
    expect(resendConfirmed.body.detail).toBe('Email is already confirmed');
  });

  it('stops accepting even the right code after 5 wrong tries', async () => {
    const user = await server.newUser();
    const code = await mailedCode(user.email);
    const left: string[] = [];
    for (let i = 0; i < 5; i++) left.push((await check(user.token, wrongCode(code))).body.detail);
    expect(left).toEqual([
      'Invalid confirmation code. 4 tries left.',
      'Invalid confirmation code. 3 tries left.',
      'Invalid confirmation code. 2 tries left.',
      'Invalid confirmation code. 1 try left.',
      'Too many wrong codes. Ask for a new code.',
    ]);
    const right = await check(user.token, code);
    expect(right.status).toBe(400);
    expect(right.body.detail).toBe('Too many wrong codes. Ask for a new code.');
    const [row] = await server.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isEmailConfirmed).toBe(false);
  });

  it('refuses an expired code', async () => {
    const user = await server.newUser();
    const code = await mailedCode(user.email);
    await server.app.db
      .update(users)
      .set({ confirmCodeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const res = await check(user.token, code);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The confirmation code has expired. Ask for a new code.');
  });

  it('resends at most once a minute, with a fresh code that replaces the old one', async () => {
    const user = await server.newUser();
    const first = await mailedCode(user.email);
    const tooSoon = await resend(user.token);
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(tooSoon.body.detail).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);
    expect(mailsTo(user.email)).toHaveLength(1);

    await ageLastSend(user.id);
    const ok = await resend(user.token);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'A new confirmation code was sent to your email' });
    const second = await mailedCode(user.email, 1);
    // A fresh code resets the tries; the old one only works if the random draw repeated it.
    if (second !== first) {
      expect((await check(user.token, first)).status).toBe(400);
    }
    expect((await check(user.token, second)).status).toBe(200);
  });

  it('resets confirmation and sends a new code when the e-mail changes', async () => {
    const user = await server.newUser();
    await check(user.token, await mailedCode(user.email));
    const newEmail = uniqueEmail('moved');
    const res = await server.request('PATCH', '/api/v1/users/me', {
      token: user.token,
      json: { email: newEmail },
    });
    expect(res.status).toBe(200);
    expect(res.body.is_email_confirmed).toBe(false);
    const code = await mailedCode(newEmail);
    expect((await check(user.token, code)).body.is_email_confirmed).toBe(true);
  });

  it('keeps confirmation when the profile changes without a new e-mail', async () => {
    const user = await server.newUser();
    await check(user.token, await mailedCode(user.email));
    const res = await server.request('PATCH', '/api/v1/users/me', {
      token: user.token,
      json: { email: user.email, full_name: 'Same Mail' },
    });
    expect(res.body.is_email_confirmed).toBe(true);
  });

  it('shows the code to superusers only, never to the user', async () => {
    const user = await server.newUser();
    const code = await mailedCode(user.email);
    const own = await server.request('GET', '/api/v1/users/me', { token: user.token });
    expect(own.body.confirm_code).toBeNull();
    const admin = await server.superuserToken();
    const list = await server.request('GET', '/api/v1/users/?limit=1000', { token: admin });
    const row = list.body.data.find((u: { id: string }) => u.id === user.id);
    expect(row.confirm_code).toBe(code);
    const one = await server.request('GET', `/api/v1/users/${user.id}`, { token: admin });
    expect(one.body.confirm_code).toBe(code);
  });

  it('e-mails a code when an admin creates an unconfirmed user, and none for a confirmed one', async () => {
    const admin = await server.superuserToken();
    const pending = uniqueEmail('created');
    const res = await server.request('POST', '/api/v1/users/', {
      token: admin,
      json: { email: pending, password: 'a-strong-pass-1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.is_email_confirmed).toBe(false);
    expect(res.body.confirm_code).toBe(await mailedCode(pending));

    const confirmed = uniqueEmail('confirmed');
    const res2 = await server.request('POST', '/api/v1/users/', {
      token: admin,
      json: { email: confirmed, password: 'a-strong-pass-1', is_email_confirmed: true },
    });
    expect(res2.body.is_email_confirmed).toBe(true);
    expect(res2.body.confirm_code).toBeNull();
    // The new-account e-mail arrives; a confirmation e-mail must not.
    await eventually(() => sink.mails.find((m) => m.to.includes(confirmed)));
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(confirmed)).toHaveLength(0);
  });

  it('rejects malformed codes with 422 and anonymous callers with 401', async () => {
    const user = await server.newUser();
    for (const bad of ['12345', '1234567', 'abcdef', '']) {
      const res = await check(user.token, bad);
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'confirm_code']);
    }
    const missing = await server.request('PATCH', '/api/v1/users/me/check_confirm_email', {
      token: user.token,
      json: {},
    });
    expect(missing.status).toBe(422);
    expect((await server.request('PATCH', '/api/v1/users/me/resend_confirm_email')).status).toBe(401);
  });
});
