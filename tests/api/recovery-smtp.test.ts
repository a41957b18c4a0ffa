import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, expectError, resetTokenFrom } from '../support/api.ts';
import { eventually, startTestServer, type TestServer, uniqueEmail } from '../support/server.ts';
import { type CapturedMail, startSmtpSink } from '../support/smtp-sink.ts';

/** The e-mail flows over a real SMTP connection: the app sends, a real SMTP server receives. */

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
let sink: Sink;
let server: TestServer;
const FRONTEND_HOST = 'https://app.example.test';

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ ...sink.env, FRONTEND_HOST });
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const mailsTo = (email: string, subject: RegExp) =>
  sink.mails.filter((m) => m.to.includes(email) && subject.test(m.subject));
const nextMail = (email: string, subject: RegExp, after = 0): Promise<CapturedMail> =>
  eventually(() => mailsTo(email, subject)[after]);
const loginStatus = async (email: string, password: string) =>
  (await server.request('POST', `${API}/login/access-token`, { form: { username: email, password } })).status;

describe('password recovery over SMTP', () => {
  it('e-mails a <FRONTEND_HOST>/reset-password?token=… link that resets the password', async () => {
    expect(server.app.mailer.mode).toBe('smtp');
    const user = await server.newUser();
    const res = await server.request('POST', `${API}/password-recovery/${encodeURIComponent(user.email)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'If that email is registered, we sent a password recovery link' });

    const mail = await nextMail(user.email, /recovery/i);
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe(server.settings.emailsFromEmail);
    expect(mail.html).toContain(`${FRONTEND_HOST}/reset-password?token=`);
    const token = resetTokenFrom(mail.html, FRONTEND_HOST);
    expect(token).toBeDefined();

    const next = 'smtp-reset-password-1';
    const reset = await server.request('POST', `${API}/reset-password/`, {
      json: { token, new_password: next },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Password updated successfully' });
    expect(await loginStatus(user.email, next)).toBe(200);
    expect(await loginStatus(user.email, user.password)).toBe(400);
    // The link is single-use.
    expectError(
      await server.request('POST', `${API}/reset-password/`, {
        json: { token, new_password: 'smtp-reset-password-2' },
      }),
      400,
      'Invalid token',
    );
  });

  it('unknown e-mail: the same 200 message, and no e-mail is sent', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await server.request('POST', `${API}/password-recovery/${encodeURIComponent(nobody)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'If that email is registered, we sent a password recovery link' });
    // Ask for a known account right after; once its e-mail has arrived the unknown one would have too.
    const user = await server.newUser();
    await server.request('POST', `${API}/password-recovery/${encodeURIComponent(user.email)}`);
    await nextMail(user.email, /recovery/i);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.mails.filter((m) => m.to.includes(nobody))).toEqual([]);
  });
});

describe('new-account e-mail', () => {
  it('is sent when an admin creates a user, and never contains the password', async () => {
    const email = uniqueEmail('welcome');
    const password = 'Very-Secret-Welcome-9';
    const res = await server.request('POST', `${API}/users/`, {
      token: await server.superuserToken(),
      json: { email, password, full_name: 'Welcome Person' },
    });
    expect(res.status).toBe(200);
    const mail = await nextMail(email, /new account/i);
    expect(mail.to).toEqual([email]);
    expect(mail.html).toContain(email);
    for (const m of sink.mails.filter((x) => x.to.includes(email))) {
      expect(m.html).not.toContain(password);
      expect(m.text).not.toContain(password);
      expect(m.subject).not.toContain(password);
    }
  });

  it('is not sent at self-service signup', async () => {
    const user = await server.newUser();
    // Signup sends the confirmation code; wait for it so the check below is not premature.
    await nextMail(user.email, /confirmation code/i);
    await new Promise((r) => setTimeout(r, 100));
    expect(mailsTo(user.email, /new account/i)).toEqual([]);
  });
});

describe('POST /utils/test-email/', () => {
  it('201 "Test email sent", and the e-mail reaches the address', async () => {
    const to = uniqueEmail('test-mail');
    const res = await server.request('POST', `${API}/utils/test-email/?email_to=${encodeURIComponent(to)}`, {
      token: await server.superuserToken(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Test email sent' });
    const mail = await nextMail(to, /test email/i);
    expect(mail.to).toEqual([to]);
    expect(mail.html).toContain(to);
  });
});
