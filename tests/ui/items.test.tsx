import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../src/api/token';
import { listPaging } from '../support/paging';
import { type Api, chooseMenuItem, renderApp, startApi } from './harness';

const items = listPaging('items');
/** A full page and one more: Item 1 is alone on page 2; the newest has no description. */
const ITEMS = items.rows(1, 1);

let api: Api;
let token: string;

beforeAll(async () => {
  api = await startApi();
  const email = `items-${Date.now()}@example.com`;
  await api.call('POST', '/users/signup', undefined, {
    email,
    password: 'password-123',
    full_name: 'Item Owner',
  });
  token = await api.login(email, 'password-123');
  for (let i = 1; i <= ITEMS; i++) {
    await api.call('POST', '/items/', token, {
      title: `Item ${i}`,
      description: i === ITEMS ? null : `Description ${i}`,
    });
  }
});

afterAll(async () => {
  await api?.close();
});

describe('/items', () => {
  it('lists a full first page with the spec columns, N/A and paging', async () => {
    const user = userEvent.setup();
    const { app } = renderApp('/items', token);
    expect(
      await screen.findByRole('heading', { name: 'Items Management' }, { timeout: 10_000 }),
    ).toBeTruthy();
    for (const name of ['ID', 'Title', 'Description', 'Actions']) {
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    }
    await screen.findByText(`Item ${ITEMS}`);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(items.pageSize);
    expect(within(rows[0] as HTMLElement).getByText('N/A')).toBeTruthy();
    expect(screen.getByText('Page 1')).toBeTruthy();
    // Where the page sits, from the count the API returns.
    expect(screen.getByTestId('list-range').textContent).toBe(items.showing(1, ITEMS));
    // The ID is the whole value (its column is as wide as a UUID; a cut one gets a tooltip).
    const idCell = within(rows[0] as HTMLElement).getAllByRole('cell')[0] as HTMLElement;
    expect(idCell.textContent).toMatch(/^[0-9a-f-]{36}$/);
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    await waitFor(() => expect(next.disabled).toBe(false));
    await user.click(next);
    expect(await screen.findByText('Item 1')).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(app.router.state.location.search).toEqual({ page: 2 });
    await waitFor(() => expect(screen.getByTestId('list-range').textContent).toBe(items.showing(2, ITEMS)));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a page that fails to load shows its error, not the rows of the page before', async () => {
    const email = `items-failing-${Date.now()}@example.com`;
    const created = await api.call<{ id: string }>('POST', '/users/signup', undefined, {
      email,
      password: 'password-123',
      full_name: 'Failing Pages',
    });
    const own = await api.login(email, 'password-123');
    for (let i = 1; i <= items.rows(3); i++)
      await api.call('POST', '/items/', own, { title: `Failing ${i}` });
    const user = userEvent.setup();
    // Page 3 (the oldest page); page 2 is not in the cache (only the next page is prefetched).
    renderApp('/items?page=3', own);
    expect(await screen.findByText('Failing 1', {}, { timeout: 10_000 })).toBeTruthy();
    // The admin deactivates the account: its next call is refused (400 'Inactive user').
    const admin = await api.login(api.superuser.email, api.superuser.password);
    await api.call('PATCH', `/users/${created.body.id}`, admin, { is_active: false });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(screen.queryByText('Failing 1')).toBeNull();
    expect(document.querySelectorAll('tbody tr')).toHaveLength(0);
  });

  it('an invalid page parameter falls back to page 1', async () => {
    renderApp('/items?page=abc', token);
    expect(await screen.findByText('Page 1', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText(`Item ${ITEMS}`)).toBeTruthy();
  });

  it('a page past the end says so and offers the last page', async () => {
    const user = userEvent.setup();
    const { app } = renderApp('/items?page=99', token);
    expect(
      await screen.findByText('Page 99 is past the end of the list.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const last = items.lastPage(ITEMS);
    expect(screen.getByText(`The list ends on page ${last} (${ITEMS} in all).`)).toBeTruthy();
    expect(screen.getByText('Page 99')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `Go to page ${last}` }));
    expect(await screen.findByText('Item 1')).toBeTruthy();
    expect(app.router.state.location.search).toEqual({ page: last });
    expect(screen.getByText(`Page ${last}`)).toBeTruthy();
  });

  it('an empty list says there are no items yet and offers to add one', async () => {
    const user = userEvent.setup();
    const email = `items-empty-${Date.now()}@example.com`;
    await api.call('POST', '/users/signup', undefined, { email, password: 'password-123', full_name: 'New' });
    renderApp('/items', await api.login(email, 'password-123'));
    expect(await screen.findByText("You don't have any items yet", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Add a new item to get started.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    // No dead paging under the empty state: no range, no Previous / Page 1 / Next.
    expect(screen.queryByTestId('list-range')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add your first item' }));
    expect(await screen.findByRole('dialog', { name: 'Add Item' })).toBeTruthy();
  });

  it('adds an item through the modal: Save waits for a change, then a toast and the refetched list', async () => {
    const user = userEvent.setup();
    renderApp('/items', token);
    await user.click(await screen.findByRole('button', { name: 'Add Item' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Item' });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const title = within(dialog).getByLabelText(/Title/);
    await user.type(within(dialog).getByLabelText('Description'), 'no title yet');
    await user.click(save);
    expect(await within(dialog).findByText('Title is required.')).toBeTruthy();
    await user.type(title, 'Brand new item');
    await user.click(save);
    expect(await screen.findByText('Item created successfully.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Success!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Item' })).toBeNull());
    expect(await screen.findByText('Brand new item')).toBeTruthy();
  });

  it('edits and deletes an item from its actions menu', async () => {
    const user = userEvent.setup();
    renderApp('/items', token);
    await chooseMenuItem(
      user,
      await screen.findByRole('button', { name: 'Actions for Item 5' }, { timeout: 10_000 }),
      'Edit Item',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
    const title = within(dialog).getByLabelText(/Title/) as HTMLInputElement;
    expect(title.value).toBe('Item 5');
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(title);
    await user.type(title, 'Item 5 renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item updated successfully.')).toBeTruthy();
    expect(await screen.findByText('Item 5 renamed')).toBeTruthy();

    const trigger = screen.getByRole('button', { name: 'Actions for Item 5 renamed' });
    await chooseMenuItem(user, trigger, 'Delete Item');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Item' });
    expect(within(confirm).getByText('Are you sure? You will not be able to undo this action.')).toBeTruthy();
    // The dialog names what it deletes: the item's title.
    expect(within(confirm).getByTestId('dialog-record').textContent).toBe('Item 5 renamed');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The item was deleted successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Item 5 renamed')).toBeNull());
  });

  it('sends an optional SKU on Add and Edit, shows the current one on Edit, and limits it to 255', async () => {
    const user = userEvent.setup();
    renderApp('/items', token);
    await user.click(await screen.findByRole('button', { name: 'Add Item' }, { timeout: 10_000 }));
    const add = await screen.findByRole('dialog', { name: 'Add Item' });
    await user.type(within(add).getByLabelText(/Title/), 'Item with SKU');
    const sku = within(add).getByLabelText('SKU') as HTMLInputElement;
    await user.click(sku);
    await user.paste('S'.repeat(256));
    await user.tab();
    expect(
      await within(add).findByText('SKU must be at most 255 characters', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    await user.clear(sku);
    await user.type(sku, 'SKU-001');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item created successfully.', {}, { timeout: 5_000 })).toBeTruthy();
    const listed = async () =>
      (await api.call<{ data: { id: string; title: string; sku: string | null }[] }>('GET', '/items/', token))
        .body.data;
    await waitFor(async () =>
      expect((await listed()).find((item) => item.title === 'Item with SKU')?.sku).toBe('SKU-001'),
    );
    // The table keeps the spec's columns: no SKU column.
    expect(screen.queryByRole('columnheader', { name: 'SKU' })).toBeNull();

    await chooseMenuItem(
      user,
      await screen.findByRole('button', { name: 'Actions for Item with SKU' }, { timeout: 5_000 }),
      'Edit Item',
    );
    const edit = await screen.findByRole('dialog', { name: 'Edit Item' }, { timeout: 5_000 });
    const editSku = within(edit).getByLabelText('SKU') as HTMLInputElement;
    expect(editSku.value).toBe('SKU-001');
    await user.clear(editSku);
    await user.type(editSku, 'SKU-002');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item updated successfully.', {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(async () =>
      expect((await listed()).find((item) => item.title === 'Item with SKU')?.sku).toBe('SKU-002'),
    );
  });

  it("'Change Password Item' opens the user password form titled 'Edit User'", async () => {
    const user = userEvent.setup();
    renderApp('/items', token);
    const trigger = await screen.findByRole('button', { name: 'Actions for Item 4' }, { timeout: 10_000 });
    await chooseMenuItem(user, trigger, 'Change Password Item');
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText(/Set Password/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/Confirm Password/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it("a refused action is an 'Error' toast, not the end of the session: 'Change Password Item' as a normal user", async () => {
    const user = userEvent.setup();
    const { app } = renderApp('/items', token);
    const trigger = await screen.findByRole('button', { name: 'Actions for Item 4' }, { timeout: 10_000 });
    await chooseMenuItem(user, trigger, 'Change Password Item');
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.type(within(dialog).getByLabelText(/Set Password/), 'password-456');
    await user.type(within(dialog).getByLabelText(/Confirm Password/), 'password-456');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The server answers 403 'The user doesn't have enough privileges' (PATCH /users/{item id}).
    expect(
      await screen.findByText("The user doesn't have enough privileges", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/items');
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeTruthy();
    expect(screen.getAllByText(/Logged in as:/).length).toBeGreaterThan(0);
  });
});
