/**
 * The requirements of the product spec's §2–§8 (shared/spec/product-spec.md), one id each. An id is
 * its section's prefix and a number, never reused or renumbered: the statecharts name them in
 * `meta: { requirements: [...] }` (src/machines/requirements.ts) and the report (`npm run
 * requirements`) and the viewer trace them to the edges and the tests.
 *
 * - behavioural: what the product does (a state, a transition, a call, a rule). Traced by the edges
 *   whose meta names it and the tests that walk them; a rule no statechart holds (a route guard, a
 *   server rule, a mapping function) is traced by `checkedBy`, the tests that check it.
 * - non-behavioural: colours, wording, layout. Listed with the tests that check them, if any.
 *
 * A new requirement: a `does(…)` or `looks(…)` appended to its section with the next free number; a
 * behavioural one needs an edge or, after its statement, a test that checks it
 * (tests/model/requirements.test.ts fails otherwise).
 */

export type RequirementKind = 'behavioural' | 'non-behavioural';

/** A test by its file and its title (the title as written in the file, enough of it to be unique). */
export interface TestRef {
  file: string;
  test: string;
}

export interface Requirement {
  id: string;
  /** The spec's section, e.g. '§4'. */
  section: string;
  /** The spec's words, quoted or shortened. */
  statement: string;
  kind: RequirementKind;
  /** Tests that check it beyond the statechart walks (screens, server, helpers). */
  checkedBy: readonly TestRef[];
}

const ui = (file: string, test: string): TestRef => ({ file: `tests/ui/${file}`, test });
const e2e = (file: string, test: string): TestRef => ({ file: `tests/e2e/${file}`, test });
const api = (file: string, test: string): TestRef => ({ file: `tests/api/${file}`, test });
const unit = (file: string, test: string): TestRef => ({ file: `tests/machines/${file}`, test });

/** A requirement of one kind (the id kept as a literal: RequirementId), with the tests that check it. */
const ofKind =
  (kind: RequirementKind) =>
  <const Id extends string>(id: Id, statement: string, ...checkedBy: TestRef[]) => ({
    id,
    statement,
    kind,
    checkedBy,
  });
const does = ofKind('behavioural');
const looks = ofKind('non-behavioural');

/** A section's requirements, each given the section's name. */
const section = <const Id extends string>(
  name: string,
  entries: (Omit<Requirement, 'section'> & { id: Id })[],
) => entries.map((entry): Requirement & { id: Id } => ({ ...entry, section: name }));

export const REQUIREMENTS = [
  // §2 Screens and routes
  ...section('§2', [
    does(
      'R-ROUTE-01',
      'If an access token is already stored, each public route redirects to /.',
      ui('login.test.tsx', 'redirects to / when a token is stored'),
      e2e('auth.spec.ts', 'public routes redirect to / when signed in'),
    ),
    looks(
      'R-ROUTE-02',
      '/signup: fields full_name, email, password, confirm_password; a link to log in.',
      ui('public.test.tsx', 'each public screen has one h1'),
    ),
    looks(
      'R-ROUTE-03',
      '/login: fields username (an e-mail) and password; links to /recover-password and /signup.',
      ui('login.test.tsx', 'shows the form with its texts'),
    ),
    does(
      'R-ROUTE-04',
      '/login has a show/hide password toggle.',
      ui('login.test.tsx', 'toggles the password visibility'),
      e2e('auth.spec.ts', 'the password toggle shows and hides the password'),
    ),
    looks(
      'R-ROUTE-05',
      '/recover-password: one email field and a Continue button.',
      ui('public.test.tsx', 'each public screen has one h1'),
    ),
    does(
      'R-ROUTE-06',
      '/reset-password: fields new_password and confirm_password; the reset token comes from ?token.',
      ui('public.test.tsx', 'recovers and resets a password with the e-mailed token'),
    ),
    does(
      'R-ROUTE-07',
      'The signed-in layout (/, /settings, /items, /admin) redirects to /login with no stored token.',
      ui('public.test.tsx', 'the signed-in layout sends visitors without a token to /login'),
      e2e('auth.spec.ts', 'the layout redirects to /login when not'),
    ),
    does('R-ROUTE-08', 'A spinner shows while the current user loads.'),
    looks(
      'R-ROUTE-09',
      "Sidebar with 'Logged in as' and the user's e-mail, a mobile drawer menu, a top-right user menu with 'My profile' (to settings) and 'Log out'.",
      e2e('template-locators.spec.ts', 'the user menu answers to data-testid "user-menu"'),
      e2e('admin.spec.ts', 'phone width: the drawer menu navigates'),
    ),
    looks(
      'R-ROUTE-10',
      'Navigation items: Dashboard (/), User Settings (/settings), Items (/items), Admin (/admin).',
      e2e('theme.spec.ts', 'navigation lists Dashboard, User Settings, Items, Admin'),
    ),
    does(
      'R-ROUTE-11',
      '/ greets the user with full_name, or the e-mail if there is no name, and a welcome-back line.',
      ui('login.test.tsx', 'logs in, stores the token and greets the user on /'),
      e2e('auth.spec.ts', 'dashboard greeting'),
    ),
    looks(
      'R-ROUTE-12',
      '/settings: tabs My profile, Password, Appearance and Danger zone.',
      e2e('phone.spec.ts', 'the settings tabs are all in view'),
    ),
    looks(
      'R-ROUTE-13',
      "/items: headed 'Items Management', an 'Add Item' button, columns ID, Title, Description, Actions; paging controls Previous, Next, 'Page N'.",
      ui('items.test.tsx', 'lists a full first page with the spec columns'),
    ),
    does(
      'R-ROUTE-14',
      'The search parameter page is a number that falls back to 1 if invalid (/items and /admin).',
      ui('items.test.tsx', 'an invalid page parameter falls back to page 1'),
    ),
    looks(
      'R-ROUTE-15',
      "Title and description are truncated at 150px; an empty description shows 'N/A'.",
      e2e('items.spec.ts', 'items: cut titles and descriptions fill their columns'),
      ui('items.test.tsx', 'lists a full first page with the spec columns, N/A and paging'),
    ),
    does(
      'R-ROUTE-16',
      'Loading shows 4 skeleton rows; rows are dimmed while placeholder data is shown.',
      e2e('items.spec.ts', 'items: 4 skeleton rows while loading, dimmed rows'),
    ),
    looks(
      'R-ROUTE-17',
      "Each item row has an actions menu: 'Edit Item', 'Change Password Item', 'Delete Item'.",
      ui('items.test.tsx', 'edits and deletes an item from its actions menu'),
    ),
    does(
      'R-ROUTE-18',
      'The change-password option opens the user password form even for items (a quirk to preserve).',
      e2e('items.spec.ts', 'items: the Change Password Item quirk opens the user password form'),
    ),
    looks(
      'R-ROUTE-19',
      "/admin: headed 'Users Management', an 'Add User' button; columns Full name, Email, Role, Status, Subscription Type, Email Confirmed, Confirm Code, Actions.",
      ui('admin-settings.test.tsx', 'shows the users with the spec columns'),
    ),
    looks(
      'R-ROUTE-20',
      "/admin cells: empty full name 'N/A'; Role Superuser or User; Status Active or Inactive; Confirmed or 'No confirmation' with a coloured dot; the confirm code read-only.",
      ui('admin-settings.test.tsx', 'shows the users with the spec columns'),
    ),
    does(
      'R-ROUTE-21',
      "The current user's row on /admin carries a 'You' badge and its actions menu is disabled.",
      ui('admin-settings.test.tsx', 'your own row is badged and locked'),
      e2e('admin.spec.ts', 'admin: the You row'),
    ),
    does(
      'R-ROUTE-22',
      "Any unknown path shows a 404 page with 'Oops!', 'Page not found.' and a Go back button to /.",
      ui('public.test.tsx', 'an unknown path shows the 404 page'),
      e2e('auth.spec.ts', 'the 404 page and Go back'),
    ),
    does(
      'R-ROUTE-23',
      "Modals: Add Item, Edit Item, Add User, Edit User (with profile fields), Change Password (titled 'Edit User') and a Delete confirmation.",
    ),
    looks(
      'R-ROUTE-24',
      "Delete text: 'Are you sure? You will not be able to undo this action.'; for a user, that all their items will also be permanently deleted.",
      e2e('admin.spec.ts', 'admin: delete a user, with the items warning'),
    ),
    looks(
      'R-ROUTE-25',
      "Account deletion in settings uses a dialog 'Confirmation Required' warning that all data is permanently deleted and the action cannot be undone.",
      e2e('settings.spec.ts', 'delete account: confirmation'),
    ),
  ]),
  // §3 Entities and their fields
  ...section('§3', [
    does('R-DATA-01', 'Signup sends email, full_name, password.'),
    does(
      'R-DATA-02',
      'Login sends username and password form-encoded; the response carries access_token.',
      api('login.test.ts', 'accepts the URL-encoded OAuth2 password form'),
    ),
    does('R-DATA-03', 'Password change sends current_password, new_password.'),
    does('R-DATA-04', 'Password reset sends new_password, token.'),
    does('R-DATA-05', 'Profile update sends full_name and email.'),
    does('R-DATA-06', 'Admin create user sends email, full_name, password, is_superuser, is_active.'),
    does(
      'R-DATA-07',
      'An item has title (required), description and sku (optional); Add and Edit Item send title, description, sku.',
      api('items.test.ts', 'description and sku are optional (null)'),
    ),
    does(
      'R-DATA-08',
      'An admin edits a user: email, full_name, major, phone, birth_date, gender, subscription_type, is_superuser, is_active, is_email_confirmed, password (optional on edit).',
    ),
    does('R-DATA-09', 'The access token is kept in local storage under access_token.'),
    looks(
      'R-DATA-10',
      "Subscription types are shown as Free, 'Plan 1', 'Plan 2'.",
      ui('admin-settings.test.tsx', 'adds a user (defaults off) and edits the profile fields'),
    ),
  ]),
  // §4 States and transitions
  ...section('§4', [
    does('R-FLOW-01', 'Authenticated means an access token exists in local storage.'),
    does('R-FLOW-02', 'Login success stores the token and goes to /.'),
    does('R-FLOW-03', 'Logout removes the token and goes to /login.'),
    does('R-FLOW-04', "Signup success goes to /login and shows 'Account created.'"),
    does('R-FLOW-05', 'Password reset success resets the form and goes to /login.'),
    does('R-FLOW-06', 'Account deletion success shows a message, logs out and refreshes current-user data.'),
    does('R-FLOW-07', 'The profile form toggles between view and edit mode.'),
    does('R-FLOW-08', 'Profile Save is enabled only when the form is changed and an e-mail is present.'),
    does('R-FLOW-09', 'Profile Cancel resets the form and returns to view mode.'),
    does('R-FLOW-10', 'The colour mode is light by default (also for a stored value it does not know).'),
    does(
      'R-FLOW-11',
      'The appearance tab switches light, dark or system; the choice persists in local storage.',
    ),
    does('R-FLOW-12', 'An admin can toggle active, superuser and e-mail confirmed in the edit form.'),
    does('R-FLOW-13', 'The new-user form defaults is_superuser and is_active to false.'),
    does('R-FLOW-14', "The admin forms' Save is disabled until the form has changed."),
    does('R-FLOW-15', 'Next is enabled only when the current page returned a full page of 5.'),
    does('R-FLOW-16', 'Previous is enabled when the page is above 1.'),
    does('R-FLOW-17', 'The next page is prefetched.'),
    does('R-FLOW-18', 'After each mutation the items or users list is refetched.'),
    does('R-FLOW-19', 'Modals close after success.'),
  ]),
  // §5 Validation rules
  ...section('§5', [
    does(
      'R-VAL-01',
      "Email must match a standard e-mail pattern: 'Invalid email address' (not shown on admin forms).",
    ),
    does(
      'R-VAL-02',
      "Email required on signup, recover-password, profile and admin forms ('Email is required'); login username required ('Username is required').",
    ),
    does(
      'R-VAL-03',
      "Full name required on signup ('Full Name is required'), minimum 3; in the profile, maximum 30.",
    ),
    does(
      'R-VAL-04',
      "Password required ('Password is required'), minimum 8 ('Password must be at least 8 characters'): signup, reset, change-password, admin create and set-password; login password only required.",
    ),
    does(
      'R-VAL-05',
      "Confirmation required ('Password confirmation is required'; admin create 'Please confirm your password') and equal to the password ('The passwords do not match').",
    ),
    does(
      'R-VAL-06',
      'On admin edit, an empty password is dropped from the payload.',
      e2e('admin.spec.ts', 'an empty password is dropped'),
    ),
    does('R-VAL-07', "Item title required ('Title is required.' on add, 'Title is required' on edit)."),
    does(
      'R-VAL-08',
      'Forms validate on blur; all errors are collected (a submit with errors sends nothing).',
      ui('login.test.tsx', 'validates on blur and on submit'),
    ),
  ]),
  // §6 Roles and permissions
  ...section('§6', [
    does(
      'R-ROLE-01',
      'Superusers get the Admin navigation entry; ordinary users do not.',
      e2e('admin.spec.ts', 'normal users get no Admin entry'),
    ),
    does(
      'R-ROLE-02',
      'Superusers do not see the Danger zone tab (only the first three).',
      ui('admin-settings.test.tsx', 'a superuser sees three tabs, no Danger zone'),
      e2e('settings.spec.ts', 'superusers see no Danger zone'),
    ),
    does(
      'R-ROLE-03',
      'Signed-out visitors reach only signup, login, recover-password, reset-password; signed-in users are redirected away from them.',
      e2e('auth.spec.ts', 'public routes redirect to / when signed in'),
    ),
    does(
      'R-ROLE-04',
      'An admin cannot act on their own row through the actions menu.',
      ui('admin-settings.test.tsx', 'your own row is badged and locked'),
    ),
    does(
      'R-ROLE-05',
      'Item management is available to any signed-in user.',
      api('items.test.ts', 'normal users see only their own items'),
    ),
  ]),
  // §7 The calls it makes
  ...section('§7', [
    does(
      'R-CALL-01',
      'Requests carry a bearer token read from the stored access_token.',
      api('login.test.ts', 'returns the current UserPublic'),
    ),
    does('R-CALL-02', 'The current-user query runs only when a token exists.'),
    does(
      'R-CALL-03',
      'List screens send skip=(page-1)*5 and limit=5.',
      api('items.test.ts', 'honours skip and limit; count ignores them'),
    ),
    does(
      'R-CALL-04',
      'GET /users/ takes skip (default 0) and limit (default 100); the response has a data array.',
      api('users.test.ts', 'defaults to limit 100'),
    ),
    does(
      'R-CALL-05',
      'All calls go to /api/v1, JSON unless stated (the table of methods, paths and payloads).',
      api('smoke.test.ts', 'serves the OpenAPI document it validates with'),
    ),
  ]),
  // §8 The error catalogue
  ...section('§8', [
    does(
      'R-ERR-01',
      "API 422 is reported as 'Validation Error'; the detail is shown: a list's first msg, else the detail text, fallback 'Something went wrong.'",
      unit('api-errors.test.ts', 'shows the detail text, or the first msg of a 422 list'),
    ),
    does(
      'R-ERR-02',
      "Signup failure: error toast 'Something went wrong.' with the detail.",
      ui('public.test.tsx', 'a duplicate signup shows "Something went wrong." with the detail'),
    ),
    does(
      'R-ERR-03',
      "Login failure: the detail inline under the password field; a list detail shows 'Something went wrong'.",
      e2e('auth.spec.ts', 'a wrong password is shown inline under the password field'),
    ),
    does('R-ERR-04', "Other failures: toast 'Error' with the message."),
    does('R-ERR-05', 'Admin create/update failures: an error toast through a shared handler.'),
    does(
      'R-ERR-06',
      "Failed delete: toast 'An error occurred.' with 'An error occurred while deleting the item.' or '...user.'",
    ),
    does(
      'R-ERR-07',
      "Success toasts: 'Account created.'; 'Email sent.'; 'Password updated successfully.'; 'User updated successfully.'; account deleted; item created, updated; user created; item or user deleted.",
    ),
    looks('R-ERR-08', 'Toasts appear bottom-right and can be closed.'),
    does(
      'R-ERR-09',
      "Router fallbacks: 'Something went wrong!' with a Show Error / Hide Error toggle, and 'Not Found'.",
      ui('fallbacks.test.tsx', "says 'Something went wrong!' and shows and hides the error"),
      ui('public.test.tsx', 'an unknown path shows the 404 page'),
    ),
    does(
      'R-ERR-10',
      'The HTTP client maps statuses 400 to 511 to their standard names.',
      unit('api-errors.test.ts', 'names statuses 400–511 by their standard names'),
    ),
  ]),
];

/** A known requirement id: machines name these in their meta (checked by the compiler and by a test). */
export type RequirementId = (typeof REQUIREMENTS)[number]['id'];

const BY_ID: ReadonlyMap<string, Requirement> = new Map(REQUIREMENTS.map((entry) => [entry.id, entry]));

export function requirementById(id: string): Requirement | undefined {
  return BY_ID.get(id);
}
