import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, dbSnapshot, expectError, NIL_UUID, tableCounts } from '../support/api.ts';
import {
  SUPERUSER,
  startTestServer,
  type TestServer,
  type TestUser,
  uniqueEmail,
} from '../support/server.ts';

let server: TestServer;
let su: string;
beforeAll(async () => {
  server = await startTestServer();
  su = await server.superuserToken();
});
afterAll(() => server.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const adminCreate = (body: Record<string, unknown>) =>
  server.request('POST', `${API}/users/`, { token: su, json: body });
const loginStatus = async (email: string, password: string) =>
  (await server.request('POST', `${API}/login/access-token`, { form: { username: email, password } })).status;
const createItem = (token: string, title: string) =>
  server.request('POST', `${API}/items/`, { token, json: { title } });

function expectUserPublic(body: Record<string, unknown>) {
  for (const key of ['id', 'email', 'full_name', 'is_active', 'is_superuser', 'created_at']) {
    expect(body, `UserPublic lacks ${key}`).toHaveProperty(key);
  }
  expect(body.id).toMatch(UUID);
  expect(body.created_at).toMatch(ISO_WITH_ZONE);
  expect(Number.isNaN(Date.parse(String(body.created_at)))).toBe(false);
  for (const secret of ['password', 'hashed_password', 'fcm_token', 'token_version']) {
    expect(body).not.toHaveProperty(secret);
  }
}

describe('POST /users/signup', () => {
  it('creates an active, normal, unconfirmed Free user and returns UserPublic', async () => {
    const email = uniqueEmail('signup');
    const res = await server.request('POST', `${API}/users/signup`, {
      json: { email, password: 'signup-password-1', full_name: 'New Person' },
    });
    expect(res.status).toBe(200);
    expectUserPublic(res.body);
    expect(res.body).toMatchObject({
      email,
      full_name: 'New Person',
      is_active: true,
      is_superuser: false,
      subscription_type: 'Free',
      is_email_confirmed: false,
    });
    expect(await loginStatus(email, 'signup-password-1')).toBe(200);
  });

  it('full_name is optional (null)', async () => {
    const res = await server.request('POST', `${API}/users/signup`, {
      json: { email: uniqueEmail('noname'), password: 'signup-password-2' },
    });
    expect(res.status).toBe(200);
    expect(res.body.full_name).toBeNull();
  });

  it('duplicate e-mail: 400 "The user with this email already exists in the system", nothing stored', async () => {
    const user = await server.newUser();
    const before = await dbSnapshot(server);
    const res = await server.request('POST', `${API}/users/signup`, {
      json: { email: user.email, password: 'other-password-1', full_name: 'Dup' },
    });
    expectError(res, 400, 'The user with this email already exists in the system');
    expect(await dbSnapshot(server)).toBe(before);
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it('ignores unknown and privileged fields: no superuser, no active switch, nothing extra stored', async () => {
    const email = uniqueEmail('sneaky');
    const res = await server.request('POST', `${API}/users/signup`, {
      json: {
        email,
        password: 'sneaky-password-1',
        full_name: 'Sneaky',
        is_superuser: true,
        is_active: false,
        is_email_confirmed: true,
        subscription_type: 'Plan2',
        confirm_code: '123456',
        id: NIL_UUID,
        favourite_colour: 'teal',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).not.toBe(NIL_UUID);
    expect(res.body).toMatchObject({
      is_superuser: false,
      is_active: true,
      is_email_confirmed: false,
      subscription_type: 'Free',
    });
    expect(res.body).not.toHaveProperty('favourite_colour');
    const stored = await server.request('GET', `${API}/users/${res.body.id}`, { token: su });
    expect(stored.body).toMatchObject({ is_superuser: false, is_active: true, subscription_type: 'Free' });
    expect(stored.body.confirm_code).not.toBe('123456');
    expect(stored.body).not.toHaveProperty('favourite_colour');
  });
});

describe('POST /users/ (superuser)', () => {
  it('creates a user with the given role, status and profile fields', async () => {
    const email = uniqueEmail('admin-made');
    const res = await adminCreate({
      email,
      password: 'admin-made-pass-1',
      full_name: 'Made By Admin',
      is_superuser: true,
      is_active: true,
      major: 'Physics',
      phone: '+44 20 7946 0000',
      birth_date: '1990-02-28',
      gender: 'Female',
      subscription_type: 'Plan1',
    });
    expect(res.status).toBe(200);
    expectUserPublic(res.body);
    expect(res.body).toMatchObject({
      email,
      full_name: 'Made By Admin',
      is_superuser: true,
      is_active: true,
      major: 'Physics',
      phone: '+44 20 7946 0000',
      birth_date: '1990-02-28',
      gender: 'Female',
      subscription_type: 'Plan1',
    });
    expect(await loginStatus(email, 'admin-made-pass-1')).toBe(200);
  });

  it('defaults: active, not superuser', async () => {
    const res = await adminCreate({ email: uniqueEmail('defaults'), password: 'defaults-pass-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_active: true, is_superuser: false, subscription_type: 'Free' });
  });

  it('can create an inactive user, who cannot log in', async () => {
    const email = uniqueEmail('inactive');
    const res = await adminCreate({ email, password: 'inactive-pass-1', is_active: false });
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(false);
    expectError(
      await server.request('POST', `${API}/login/access-token`, {
        form: { username: email, password: 'inactive-pass-1' },
      }),
      400,
      'Inactive user',
    );
  });

  it('duplicate e-mail: 400 "The user with this email already exists in the system." (with the full stop)', async () => {
    const user = await server.newUser();
    const before = await dbSnapshot(server);
    expectError(
      await adminCreate({ email: user.email, password: 'dup-password-1' }),
      400,
      'The user with this email already exists in the system.',
    );
    expect(await dbSnapshot(server)).toBe(before);
  });
});

describe('GET /users/ (superuser)', () => {
  it('lists UsersPublic newest first; count is the total and ignores skip/limit', async () => {
    const made: TestUser[] = [];
    for (let i = 0; i < 3; i++) made.push(await server.newUser({ full_name: `Lister ${i}` }));
    const total = (await tableCounts(server)).users;
    const all = await server.request('GET', `${API}/users/`, { token: su });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).sort()).toEqual(['count', 'data']);
    expect(all.body.count).toBe(total);
    expect(all.body.data).toHaveLength(total);
    for (const row of all.body.data) expectUserPublic(row);
    const times = all.body.data.map((u: { created_at: string }) => Date.parse(u.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The three just made are the three newest, newest first.
    expect(all.body.data.slice(0, 3).map((u: { id: string }) => u.id)).toEqual(
      made.map((u) => u.id).reverse(),
    );
    expect(all.body.data.map((u: { email: string }) => u.email)).toContain(SUPERUSER.email);

    const page = await server.request('GET', `${API}/users/?skip=1&limit=2`, { token: su });
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(total);
    expect(page.body.data.map((u: { id: string }) => u.id)).toEqual(
      all.body.data.slice(1, 3).map((u: { id: string }) => u.id),
    );
    const beyond = await server.request('GET', `${API}/users/?skip=${total + 5}`, { token: su });
    expect(beyond.body).toEqual({ data: [], count: total });
    const none = await server.request('GET', `${API}/users/?limit=0`, { token: su });
    expect(none.body).toEqual({ data: [], count: total });
  });

  it('defaults to limit 100', async () => {
    const res = await server.request('GET', `${API}/users/`, { token: su });
    expect(res.body.data.length).toBe(Math.min(100, res.body.count));
  });
});

describe('confirm_code visibility', () => {
  it('is never returned to a normal user, even about themselves; superusers get the key with the code', async () => {
    const user = await server.newUser();
    const adminView = await server.request('GET', `${API}/users/${user.id}`, { token: su });
    expect(adminView.status).toBe(200);
    expect(adminView.body).toHaveProperty('confirm_code');
    const code = adminView.body.confirm_code as string;
    expect(code).toMatch(/^\d{6}$/);
    const listed = await server.request('GET', `${API}/users/?limit=1000`, { token: su });
    const row = listed.body.data.find((u: { id: string }) => u.id === user.id);
    expect(row).toHaveProperty('confirm_code', code);

    const views = [
      user.record,
      (await server.request('GET', `${API}/users/me`, { token: user.token })).body,
      (await server.request('GET', `${API}/users/${user.id}`, { token: user.token })).body,
      (await server.request('POST', `${API}/login/test-token`, { token: user.token })).body,
      (
        await server.request('PATCH', `${API}/users/me`, {
          token: user.token,
          json: { full_name: 'Still Me' },
        })
      ).body,
    ];
    for (const view of views) {
      expect(view.id).toBe(user.id);
      expect(view.confirm_code ?? null).toBeNull();
      expect(JSON.stringify(view)).not.toContain(code);
    }
  });
});

describe('a superuser never receives their own confirm_code', () => {
  it('not from /users/me, their own record, their own row or their own PATCH; another superuser sees it', async () => {
    const email = uniqueEmail('su-own-code');
    const password = 'su-own-code-pass-1';
    const created = await adminCreate({ email, password, is_superuser: true, is_active: true });
    expect(created.status).toBe(200);
    const code = created.body.confirm_code as string;
    // The superuser who made the account sees its pending code.
    expect(code).toMatch(/^\d{6}$/);
    const token = await server.login(email, password);

    const listed = await server.request('GET', `${API}/users/?limit=1000`, { token });
    const ownRow = listed.body.data.find((u: { id: string }) => u.id === created.body.id);
    const views = [
      (await server.request('GET', `${API}/users/me`, { token })).body,
      (await server.request('GET', `${API}/users/${created.body.id}`, { token })).body,
      (await server.request('POST', `${API}/login/test-token`, { token })).body,
      (await server.request('PATCH', `${API}/users/me`, { token, json: { full_name: 'Super Me' } })).body,
      ownRow,
    ];
    for (const view of views) {
      expect(view.id).toBe(created.body.id);
      expect(view.confirm_code).toBeNull();
      expect(JSON.stringify(view)).not.toContain(code);
    }
    // Other users' codes stay visible to this superuser.
    const other = await server.newUser();
    const otherView = await server.request('GET', `${API}/users/${other.id}`, { token });
    expect(otherView.body.confirm_code).toMatch(/^\d{6}$/);
    const again = await server.request('GET', `${API}/users/?limit=1000`, { token });
    const otherRow = again.body.data.find((u: { id: string }) => u.id === other.id);
    expect(otherRow.confirm_code).toBe(otherView.body.confirm_code);
    // And the first superuser still sees this one's code.
    const byFirst = await server.request('GET', `${API}/users/${created.body.id}`, { token: su });
    expect(byFirst.body.confirm_code).toBe(code);
  });
});

describe('/users/me', () => {
  it('GET returns the caller', async () => {
    const user = await server.newUser({ full_name: 'Me Myself' });
    const res = await server.request('GET', `${API}/users/me`, { token: user.token });
    expect(res.status).toBe(200);
    expectUserPublic(res.body);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, full_name: 'Me Myself' });
  });

  it('PATCH updates full_name and email (the new e-mail logs in), and profile fields', async () => {
    const user = await server.newUser();
    const email = uniqueEmail('renamed');
    const res = await server.request('PATCH', `${API}/users/me`, {
      token: user.token,
      json: { full_name: 'Renamed', email, major: 'History', birth_date: '2001-12-31', gender: 'Male' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      full_name: 'Renamed',
      email,
      major: 'History',
      birth_date: '2001-12-31',
      gender: 'Male',
    });
    const again = await server.request('GET', `${API}/users/me`, { token: user.token });
    expect(again.body).toMatchObject({ full_name: 'Renamed', email });
    expect(await loginStatus(email, user.password)).toBe(200);
    expect(await loginStatus(user.email, user.password)).toBe(400);
  });

  it('PATCH changes only the fields sent', async () => {
    const user = await server.newUser({ full_name: 'Keep Me' });
    const res = await server.request('PATCH', `${API}/users/me`, {
      token: user.token,
      json: { major: 'Law' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ full_name: 'Keep Me', email: user.email, major: 'Law' });
  });

  it('PATCH with an e-mail taken by another: 409 "User with this email already exists", nothing changes', async () => {
    const [a, b] = [await server.newUser(), await server.newUser()];
    const before = await dbSnapshot(server);
    expectError(
      await server.request('PATCH', `${API}/users/me`, {
        token: a.token,
        json: { email: b.email, full_name: 'X' },
      }),
      409,
      'User with this email already exists',
    );
    expect(await dbSnapshot(server)).toBe(before);
  });

  it('PATCH with the caller’s own e-mail is fine', async () => {
    const user = await server.newUser();
    const res = await server.request('PATCH', `${API}/users/me`, {
      token: user.token,
      json: { email: user.email, full_name: 'Same Mail' },
    });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(user.email);
  });

  it('PATCH ignores privileged and unknown fields', async () => {
    const user = await server.newUser();
    const before = await server.request('GET', `${API}/users/${user.id}`, { token: su });
    const res = await server.request('PATCH', `${API}/users/me`, {
      token: user.token,
      json: {
        is_superuser: true,
        is_active: false,
        is_email_confirmed: true,
        subscription_type: 'Plan2',
        password: 'sneaky-new-pass-1',
        hashed_password: 'x',
        nickname: 'nope',
      },
    });
    expect(res.status).toBe(200);
    const after = await server.request('GET', `${API}/users/${user.id}`, { token: su });
    expect(after.body).toEqual(before.body);
    expect(after.body).not.toHaveProperty('nickname');
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  for (const path of ['/users/me', '/users/me/delete-my-account']) {
    it(`DELETE ${path} deletes the caller and all their items`, async () => {
      const user = await server.newUser();
      const other = await server.newUser();
      for (const t of ['one', 'two', 'three']) expect((await createItem(user.token, t)).status).toBe(200);
      expect((await createItem(other.token, 'keep')).status).toBe(200);
      const before = await tableCounts(server);
      const allBefore = await server.request('GET', `${API}/items/`, { token: su });

      const res = await server.request('DELETE', `${API}${path}`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'User deleted successfully' });

      expect(await tableCounts(server)).toEqual({ users: before.users - 1, items: before.items - 3 });
      const allAfter = await server.request('GET', `${API}/items/`, { token: su });
      expect(allAfter.body.count).toBe(allBefore.body.count - 3);
      expect(allAfter.body.data.some((i: { owner_id: string }) => i.owner_id === user.id)).toBe(false);
      expectError(
        await server.request('GET', `${API}/users/${user.id}`, { token: su }),
        404,
        'User not found',
      );
      expect(await loginStatus(user.email, user.password)).toBe(400);
      const otherItems = await server.request('GET', `${API}/items/`, { token: other.token });
      expect(otherItems.body.count).toBe(1);
    });

    it(`DELETE ${path} as a superuser: 403 "Super users are not allowed to delete themselves"`, async () => {
      const before = await dbSnapshot(server);
      expectError(
        await server.request('DELETE', `${API}${path}`, { token: su }),
        403,
        'Super users are not allowed to delete themselves',
      );
      expect(await dbSnapshot(server)).toBe(before);
    });
  }
});

describe('/users/{user_id}', () => {
  it('GET: own record for anyone; others only for superusers; unknown 404', async () => {
    const [a, b] = [await server.newUser(), await server.newUser()];
    const own = await server.request('GET', `${API}/users/${a.id}`, { token: a.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: a.id, email: a.email });
    expectError(
      await server.request('GET', `${API}/users/${b.id}`, { token: a.token }),
      403,
      "The user doesn't have enough privileges",
    );
    const admin = await server.request('GET', `${API}/users/${b.id}`, { token: su });
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ id: b.id, email: b.email });
    expectError(
      await server.request('GET', `${API}/users/${NIL_UUID}`, { token: su }),
      404,
      'User not found',
    );
    // A normal user learns nothing about ids that are not theirs, existing or not.
    expectError(
      await server.request('GET', `${API}/users/${NIL_UUID}`, { token: a.token }),
      403,
      "The user doesn't have enough privileges",
    );
  });

  it('PATCH (superuser) edits any field, the password included', async () => {
    const user = await server.newUser();
    const email = uniqueEmail('edited');
    const res = await server.request('PATCH', `${API}/users/${user.id}`, {
      token: su,
      json: {
        email,
        full_name: 'Edited Name',
        password: 'admin-set-pass-1',
        is_superuser: true,
        is_email_confirmed: true,
        subscription_type: 'Plan2',
        major: 'Maths',
        phone: '555-0100',
        birth_date: '1985-06-15',
        gender: 'Female',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      email,
      full_name: 'Edited Name',
      is_superuser: true,
      is_email_confirmed: true,
      subscription_type: 'Plan2',
      major: 'Maths',
      phone: '555-0100',
      birth_date: '1985-06-15',
      gender: 'Female',
    });
    expect(await loginStatus(email, 'admin-set-pass-1')).toBe(200);
    expect(await loginStatus(email, user.password)).toBe(400);
    const readBack = await server.request('GET', `${API}/users/${user.id}`, { token: su });
    expect(readBack.body).toMatchObject({ email, full_name: 'Edited Name', is_superuser: true });
  });

  it('PATCH changes only the fields sent; unknown fields are ignored', async () => {
    const user = await server.newUser({ full_name: 'Untouched' });
    const before = await server.request('GET', `${API}/users/${user.id}`, { token: su });
    const res = await server.request('PATCH', `${API}/users/${user.id}`, {
      token: su,
      json: { major: 'Art', shoe_size: 44, id: NIL_UUID },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before.body, major: 'Art' });
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it('PATCH unknown id: 404 "The user with this id does not exist in the system"', async () => {
    const before = await dbSnapshot(server);
    expectError(
      await server.request('PATCH', `${API}/users/${NIL_UUID}`, { token: su, json: { full_name: 'Nobody' } }),
      404,
      'The user with this id does not exist in the system',
    );
    expect(await dbSnapshot(server)).toBe(before);
  });

  it('PATCH with an e-mail taken by another: 409 "User with this email already exists"', async () => {
    const [a, b] = [await server.newUser(), await server.newUser()];
    const before = await dbSnapshot(server);
    expectError(
      await server.request('PATCH', `${API}/users/${a.id}`, { token: su, json: { email: b.email } }),
      409,
      'User with this email already exists',
    );
    expect(await dbSnapshot(server)).toBe(before);
  });

  it('PATCH is_active=false locks the user out; true lets them back in', async () => {
    const user = await server.newUser();
    expect(
      (await server.request('PATCH', `${API}/users/${user.id}`, { token: su, json: { is_active: false } }))
        .status,
    ).toBe(200);
    expect(await loginStatus(user.email, user.password)).toBe(400);
    expect(
      (await server.request('PATCH', `${API}/users/${user.id}`, { token: su, json: { is_active: true } }))
        .status,
    ).toBe(200);
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it('DELETE (superuser) deletes the user and their items; the counts follow', async () => {
    const user = await server.newUser();
    const ids: string[] = [];
    for (const t of ['a', 'b']) ids.push((await createItem(user.token, t)).body.id);
    const before = await tableCounts(server);
    const usersBefore = (await server.request('GET', `${API}/users/`, { token: su })).body.count;
    const itemsBefore = (await server.request('GET', `${API}/items/`, { token: su })).body.count;

    const res = await server.request('DELETE', `${API}/users/${user.id}`, { token: su });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User deleted successfully' });

    expect(await tableCounts(server)).toEqual({ users: before.users - 1, items: before.items - 2 });
    expect((await server.request('GET', `${API}/users/`, { token: su })).body.count).toBe(usersBefore - 1);
    expect((await server.request('GET', `${API}/items/`, { token: su })).body.count).toBe(itemsBefore - 2);
    for (const id of ids) {
      expectError(await server.request('GET', `${API}/items/${id}`, { token: su }), 404, 'Item not found');
    }
    expectError(await server.request('GET', `${API}/users/${user.id}`, { token: su }), 404, 'User not found');
    expectError(
      await server.request('DELETE', `${API}/users/${user.id}`, { token: su }),
      404,
      'User not found',
    );
  });

  it('DELETE unknown: 404 "User not found"; self: 403 "Super users are not allowed to delete themselves"', async () => {
    const before = await dbSnapshot(server);
    expectError(
      await server.request('DELETE', `${API}/users/${NIL_UUID}`, { token: su }),
      404,
      'User not found',
    );
    const self = (await server.request('GET', `${API}/users/me`, { token: su })).body.id as string;
    expectError(
      await server.request('DELETE', `${API}/users/${self}`, { token: su }),
      403,
      'Super users are not allowed to delete themselves',
    );
    expect(await dbSnapshot(server)).toBe(before);
  });
});
