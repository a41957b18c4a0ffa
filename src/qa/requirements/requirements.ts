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
 * A new requirement: append it to its section with the next free number; a behavioural one needs an
 * edge or a `checkedBy` test (tests/model/requirements.test.ts fails otherwise).
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
  checkedBy?: readonly TestRef[];
}

const ui = (file: string, test: string): TestRef => ({ file: `tests/ui/${file}`, test });
const e2e = (file: string, test: string): TestRef => ({ file: `tests/e2e/${file}`, test });
const api = (file: string, test: string): TestRef => ({ file: `tests/api/${file}`, test });
const unit = (file: string, test: string): TestRef => ({ file: `tests/machines/${file}`, test });

export const REQUIREMENTS = [
  // §2 Screens and routes
  {
    id: 'R-ROUTE-01',
    section: '§2',
    statement: 'If an access token is already stored, each public route redirects to /.',
    kind: 'behavioural',
    checkedBy: [
      ui('login.test.tsx', 'redirects to / when a token is stored'),
      e2e('auth.spec.ts', 'public routes redirect to / when signed in'),
    ],
  },
  {
    id: 'R-ROUTE-02',
    section: '§2',
    statement: '/signup: fields full_name, email, password, confirm_password; a link to log in.',
    kind: 'non-behavioural',
    checkedBy: [ui('public.test.tsx', 'each public screen has one h1')],
  },
  {
    id: 'R-ROUTE-03',
    section: '§2',
    statement: '/login: fields username (an e-mail) and password; links to /recover-password and /signup.',
    kind: 'non-behavioural',
    checkedBy: [ui('login.test.tsx', 'shows the form with its texts')],
  },
  {
    id: 'R-ROUTE-04',
    section: '§2',
    statement: '/login has a show/hide password toggle.',
    kind: 'behavioural',
    checkedBy: [
      ui('login.test.tsx', 'toggles the password visibility'),
      e2e('auth.spec.ts', 'the password toggle shows and hides the password'),
    ],
  },
  {
    id: 'R-ROUTE-05',
    section: '§2',
    statement: '/recover-password: one email field and a Continue button.',
    kind: 'non-behavioural',
    checkedBy: [ui('public.test.tsx', 'each public screen has one h1')],
  },
  {
    id: 'R-ROUTE-06',
    section: '§2',
    statement:
      '/reset-password: fields new_password and confirm_password; the reset token comes from ?token.',
    kind: 'behavioural',
    checkedBy: [ui('public.test.tsx', 'recovers and resets a password with the e-mailed token')],
  },
  {
    id: 'R-ROUTE-07',
    section: '§2',
    statement:
      'The signed-in layout (/, /settings, /items, /admin) redirects to /login with no stored token.',
    kind: 'behavioural',
    checkedBy: [
      ui('public.test.tsx', 'the signed-in layout sends visitors without a token to /login'),
      e2e('auth.spec.ts', 'the layout redirects to /login when not'),
    ],
  },
  {
    id: 'R-ROUTE-08',
    section: '§2',
    statement: 'A spinner shows while the current user loads.',
    kind: 'behavioural',
  },
  {
    id: 'R-ROUTE-09',
    section: '§2',
    statement:
      "Sidebar with 'Logged in as' and the user's e-mail, a mobile drawer menu, a top-right user menu with 'My profile' (to settings) and 'Log out'.",
    kind: 'non-behavioural',
    checkedBy: [
      e2e('template-locators.spec.ts', 'the user menu answers to data-testid "user-menu"'),
      e2e('admin.spec.ts', 'phone width: the drawer menu navigates'),
    ],
  },
  {
    id: 'R-ROUTE-10',
    section: '§2',
    statement: 'Navigation items: Dashboard (/), User Settings (/settings), Items (/items), Admin (/admin).',
    kind: 'non-behavioural',
    checkedBy: [e2e('theme.spec.ts', 'navigation lists Dashboard, User Settings, Items, Admin')],
  },
  {
    id: 'R-ROUTE-11',
    section: '§2',
    statement:
      '/ greets the user with full_name, or the e-mail if there is no name, and a welcome-back line.',
    kind: 'behavioural',
    checkedBy: [
      ui('login.test.tsx', 'logs in, stores the token and greets the user on /'),
      e2e('auth.spec.ts', 'dashboard greeting'),
    ],
  },
  {
    id: 'R-ROUTE-12',
    section: '§2',
    statement: '/settings: tabs My profile, Password, Appearance and Danger zone.',
    kind: 'non-behavioural',
    checkedBy: [e2e('phone.spec.ts', 'the settings tabs are all in view')],
  },
  {
    id: 'R-ROUTE-13',
    section: '§2',
    statement:
      "/items: headed 'Items Management', an 'Add Item' button, columns ID, Title, Description, Actions; paging controls Previous, Next, 'Page N'.",
    kind: 'non-behavioural',
    checkedBy: [ui('items.test.tsx', 'lists a full first page with the spec columns')],
  },
  {
    id: 'R-ROUTE-14',
    section: '§2',
    statement: 'The search parameter page is a number that falls back to 1 if invalid (/items and /admin).',
    kind: 'behavioural',
    checkedBy: [ui('items.test.tsx', 'an invalid page parameter falls back to page 1')],
  },
  {
    id: 'R-ROUTE-15',
    section: '§2',
    statement: "Title and description are truncated at 150px; an empty description shows 'N/A'.",
    kind: 'non-behavioural',
    checkedBy: [
      e2e('items.spec.ts', 'items: cut titles and descriptions fill their columns'),
      ui('items.test.tsx', 'lists a full first page with the spec columns, N/A and paging'),
    ],
  },
  {
    id: 'R-ROUTE-16',
    section: '§2',
    statement: 'Loading shows 4 skeleton rows; rows are dimmed while placeholder data is shown.',
    kind: 'behavioural',
    checkedBy: [e2e('items.spec.ts', 'items: 4 skeleton rows while loading, dimmed rows')],
  },
  {
    id: 'R-ROUTE-17',
    section: '§2',
    statement: "Each item row has an actions menu: 'Edit Item', 'Change Password Item', 'Delete Item'.",
    kind: 'non-behavioural',
    checkedBy: [ui('items.test.tsx', 'edits and deletes an item from its actions menu')],
  },
  {
    id: 'R-ROUTE-18',
    section: '§2',
    statement:
      'The change-password option opens the user password form even for items (a quirk to preserve).',
    kind: 'behavioural',
    checkedBy: [e2e('items.spec.ts', 'items: the Change Password Item quirk opens the user password form')],
  },
  {
    id: 'R-ROUTE-19',
    section: '§2',
    statement:
      "/admin: headed 'Users Management', an 'Add User' button; columns Full name, Email, Role, Status, Subscription Type, Email Confirmed, Confirm Code, Actions.",
    kind: 'non-behavioural',
    checkedBy: [ui('admin-settings.test.tsx', 'shows the users with the spec columns')],
  },
  {
    id: 'R-ROUTE-20',
    section: '§2',
    statement:
      "/admin cells: empty full name 'N/A'; Role Superuser or User; Status Active or Inactive; Confirmed or 'No confirmation' with a coloured dot; the confirm code read-only.",
    kind: 'non-behavioural',
    checkedBy: [ui('admin-settings.test.tsx', 'shows the users with the spec columns')],
  },
  {
    id: 'R-ROUTE-21',
    section: '§2',
    statement: "The current user's row on /admin carries a 'You' badge and its actions menu is disabled.",
    kind: 'behavioural',
    checkedBy: [
      ui('admin-settings.test.tsx', 'your own row is badged and locked'),
      e2e('admin.spec.ts', 'admin: the You row'),
    ],
  },
  {
    id: 'R-ROUTE-22',
    section: '§2',
    statement: "Any unknown path shows a 404 page with 'Oops!', 'Page not found.' and a Go back button to /.",
    kind: 'behavioural',
    checkedBy: [
      ui('public.test.tsx', 'an unknown path shows the 404 page'),
      e2e('auth.spec.ts', 'the 404 page and Go back'),
    ],
  },
  {
    id: 'R-ROUTE-23',
    section: '§2',
    statement:
      "Modals: Add Item, Edit Item, Add User, Edit User (with profile fields), Change Password (titled 'Edit User') and a Delete confirmation.",
    kind: 'behavioural',
  },
  {
    id: 'R-ROUTE-24',
    section: '§2',
    statement:
      "Delete text: 'Are you sure? You will not be able to undo this action.'; for a user, that all their items will also be permanently deleted.",
    kind: 'non-behavioural',
    checkedBy: [e2e('admin.spec.ts', 'admin: delete a user, with the items warning')],
  },
  {
    id: 'R-ROUTE-25',
    section: '§2',
    statement:
      "Account deletion in settings uses a dialog 'Confirmation Required' warning that all data is permanently deleted and the action cannot be undone.",
    kind: 'non-behavioural',
    checkedBy: [e2e('settings.spec.ts', 'delete account: confirmation')],
  },

  // §3 Entities and their fields
  {
    id: 'R-DATA-01',
    section: '§3',
    statement: 'Signup sends email, full_name, password.',
    kind: 'behavioural',
  },
  {
    id: 'R-DATA-02',
    section: '§3',
    statement: 'Login sends username and password form-encoded; the response carries access_token.',
    kind: 'behavioural',
    checkedBy: [api('login.test.ts', 'accepts the URL-encoded OAuth2 password form')],
  },
  {
    id: 'R-DATA-03',
    section: '§3',
    statement: 'Password change sends current_password, new_password.',
    kind: 'behavioural',
  },
  {
    id: 'R-DATA-04',
    section: '§3',
    statement: 'Password reset sends new_password, token.',
    kind: 'behavioural',
  },
  {
    id: 'R-DATA-05',
    section: '§3',
    statement: 'Profile update sends full_name and email.',
    kind: 'behavioural',
  },
  {
    id: 'R-DATA-06',
    section: '§3',
    statement: 'Admin create user sends email, full_name, password, is_superuser, is_active.',
    kind: 'behavioural',
  },
  {
    id: 'R-DATA-07',
    section: '§3',
    statement:
      'An item has title (required), description and sku (optional); Add and Edit Item send title, description, sku.',
    kind: 'behavioural',
    checkedBy: [api('items.test.ts', 'description and sku are optional (null)')],
  },
  {
    id: 'R-DATA-08',
    section: '§3',
    statement:
      'An admin edits a user: email, full_name, major, phone, birth_date, gender, subscription_type, is_superuser, is_active, is_email_confirmed, password (optional on edit).',
    kind: 'behavioural',
  },
  {
    id: 'R-DATA-09',
    section: '§3',
    statement: 'The access token is kept in local storage under access_token.',
    kind: 'behavioural',
  },
  {
    id: 'R-DATA-10',
    section: '§3',
    statement: "Subscription types are shown as Free, 'Plan 1', 'Plan 2'.",
    kind: 'non-behavioural',
    checkedBy: [ui('admin-settings.test.tsx', 'adds a user (defaults off) and edits the profile fields')],
  },

  // §4 States and transitions
  {
    id: 'R-FLOW-01',
    section: '§4',
    statement: 'Authenticated means an access token exists in local storage.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-02',
    section: '§4',
    statement: 'Login success stores the token and goes to /.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-03',
    section: '§4',
    statement: 'Logout removes the token and goes to /login.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-04',
    section: '§4',
    statement: "Signup success goes to /login and shows 'Account created.'",
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-05',
    section: '§4',
    statement: 'Password reset success resets the form and goes to /login.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-06',
    section: '§4',
    statement: 'Account deletion success shows a message, logs out and refreshes current-user data.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-07',
    section: '§4',
    statement: 'The profile form toggles between view and edit mode.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-08',
    section: '§4',
    statement: 'Profile Save is enabled only when the form is changed and an e-mail is present.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-09',
    section: '§4',
    statement: 'Profile Cancel resets the form and returns to view mode.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-10',
    section: '§4',
    statement: 'The colour mode is light by default (also for a stored value it does not know).',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-11',
    section: '§4',
    statement: 'The appearance tab switches light, dark or system; the choice persists in local storage.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-12',
    section: '§4',
    statement: 'An admin can toggle active, superuser and e-mail confirmed in the edit form.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-13',
    section: '§4',
    statement: 'The new-user form defaults is_superuser and is_active to false.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-14',
    section: '§4',
    statement: "The admin forms' Save is disabled until the form has changed.",
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-15',
    section: '§4',
    statement: 'Next is enabled only when the current page returned a full page of 5.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-16',
    section: '§4',
    statement: 'Previous is enabled when the page is above 1.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-17',
    section: '§4',
    statement: 'The next page is prefetched.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-18',
    section: '§4',
    statement: 'After each mutation the items or users list is refetched.',
    kind: 'behavioural',
  },
  {
    id: 'R-FLOW-19',
    section: '§4',
    statement: 'Modals close after success.',
    kind: 'behavioural',
  },

  // §5 Validation rules
  {
    id: 'R-VAL-01',
    section: '§5',
    statement:
      "Email must match a standard e-mail pattern: 'Invalid email address' (not shown on admin forms).",
    kind: 'behavioural',
  },
  {
    id: 'R-VAL-02',
    section: '§5',
    statement:
      "Email required on signup, recover-password, profile and admin forms ('Email is required'); login username required ('Username is required').",
    kind: 'behavioural',
  },
  {
    id: 'R-VAL-03',
    section: '§5',
    statement:
      "Full name required on signup ('Full Name is required'), minimum 3; in the profile, maximum 30.",
    kind: 'behavioural',
  },
  {
    id: 'R-VAL-04',
    section: '§5',
    statement:
      "Password required ('Password is required'), minimum 8 ('Password must be at least 8 characters'): signup, reset, change-password, admin create and set-password; login password only required.",
    kind: 'behavioural',
  },
  {
    id: 'R-VAL-05',
    section: '§5',
    statement:
      "Confirmation required ('Password confirmation is required'; admin create 'Please confirm your password') and equal to the password ('The passwords do not match').",
    kind: 'behavioural',
  },
  {
    id: 'R-VAL-06',
    section: '§5',
    statement: 'On admin edit, an empty password is dropped from the payload.',
    kind: 'behavioural',
    checkedBy: [e2e('admin.spec.ts', 'an empty password is dropped')],
  },
  {
    id: 'R-VAL-07',
    section: '§5',
    statement: "Item title required ('Title is required.' on add, 'Title is required' on edit).",
    kind: 'behavioural',
  },
  {
    id: 'R-VAL-08',
    section: '§5',
    statement: 'Forms validate on blur; all errors are collected (a submit with errors sends nothing).',
    kind: 'behavioural',
    checkedBy: [ui('login.test.tsx', 'validates on blur and on submit')],
  },

  // §6 Roles and permissions
  {
    id: 'R-ROLE-01',
    section: '§6',
    statement: 'Superusers get the Admin navigation entry; ordinary users do not.',
    kind: 'behavioural',
    checkedBy: [e2e('admin.spec.ts', 'normal users get no Admin entry')],
  },
  {
    id: 'R-ROLE-02',
    section: '§6',
    statement: 'Superusers do not see the Danger zone tab (only the first three).',
    kind: 'behavioural',
    checkedBy: [
      ui('admin-settings.test.tsx', 'a superuser sees three tabs, no Danger zone'),
      e2e('settings.spec.ts', 'superusers see no Danger zone'),
    ],
  },
  {
    id: 'R-ROLE-03',
    section: '§6',
    statement:
      'Signed-out visitors reach only signup, login, recover-password, reset-password; signed-in users are redirected away from them.',
    kind: 'behavioural',
    checkedBy: [e2e('auth.spec.ts', 'public routes redirect to / when signed in')],
  },
  {
    id: 'R-ROLE-04',
    section: '§6',
    statement: 'An admin cannot act on their own row through the actions menu.',
    kind: 'behavioural',
    checkedBy: [ui('admin-settings.test.tsx', 'your own row is badged and locked')],
  },
  {
    id: 'R-ROLE-05',
    section: '§6',
    statement: 'Item management is available to any signed-in user.',
    kind: 'behavioural',
    checkedBy: [api('items.test.ts', 'normal users see only their own items')],
  },

  // §7 The calls it makes
  {
    id: 'R-CALL-01',
    section: '§7',
    statement: 'Requests carry a bearer token read from the stored access_token.',
    kind: 'behavioural',
    checkedBy: [api('login.test.ts', 'returns the current UserPublic')],
  },
  {
    id: 'R-CALL-02',
    section: '§7',
    statement: 'The current-user query runs only when a token exists.',
    kind: 'behavioural',
  },
  {
    id: 'R-CALL-03',
    section: '§7',
    statement: 'List screens send skip=(page-1)*5 and limit=5.',
    kind: 'behavioural',
    checkedBy: [api('items.test.ts', 'honours skip and limit; count ignores them')],
  },
  {
    id: 'R-CALL-04',
    section: '§7',
    statement: 'GET /users/ takes skip (default 0) and limit (default 100); the response has a data array.',
    kind: 'behavioural',
    checkedBy: [api('users.test.ts', 'defaults to limit 100')],
  },
  {
    id: 'R-CALL-05',
    section: '§7',
    statement: 'All calls go to /api/v1, JSON unless stated (the table of methods, paths and payloads).',
    kind: 'behavioural',
    checkedBy: [api('smoke.test.ts', 'serves the OpenAPI document it validates with')],
  },

  // §8 The error catalogue
  {
    id: 'R-ERR-01',
    section: '§8',
    statement:
      "API 422 is reported as 'Validation Error'; the detail is shown: a list's first msg, else the detail text, fallback 'Something went wrong.'",
    kind: 'behavioural',
    checkedBy: [unit('api-errors.test.ts', 'shows the detail text, or the first msg of a 422 list')],
  },
  {
    id: 'R-ERR-02',
    section: '§8',
    statement: "Signup failure: error toast 'Something went wrong.' with the detail.",
    kind: 'behavioural',
    checkedBy: [ui('public.test.tsx', 'a duplicate signup shows "Something went wrong." with the detail')],
  },
  {
    id: 'R-ERR-03',
    section: '§8',
    statement:
      "Login failure: the detail inline under the password field; a list detail shows 'Something went wrong'.",
    kind: 'behavioural',
    checkedBy: [e2e('auth.spec.ts', 'a wrong password is shown inline under the password field')],
  },
  {
    id: 'R-ERR-04',
    section: '§8',
    statement: "Other failures: toast 'Error' with the message.",
    kind: 'behavioural',
  },
  {
    id: 'R-ERR-05',
    section: '§8',
    statement: 'Admin create/update failures: an error toast through a shared handler.',
    kind: 'behavioural',
  },
  {
    id: 'R-ERR-06',
    section: '§8',
    statement:
      "Failed delete: toast 'An error occurred.' with 'An error occurred while deleting the item.' or '...user.'",
    kind: 'behavioural',
  },
  {
    id: 'R-ERR-07',
    section: '§8',
    statement:
      "Success toasts: 'Account created.'; 'Email sent.'; 'Password updated successfully.'; 'User updated successfully.'; account deleted; item created, updated; user created; item or user deleted.",
    kind: 'behavioural',
  },
  {
    id: 'R-ERR-08',
    section: '§8',
    statement: 'Toasts appear bottom-right and can be closed.',
    kind: 'non-behavioural',
  },
  {
    id: 'R-ERR-09',
    section: '§8',
    statement:
      "Router fallbacks: 'Something went wrong!' with a Show Error / Hide Error toggle, and 'Not Found'.",
    kind: 'behavioural',
    checkedBy: [
      ui('fallbacks.test.tsx', "says 'Something went wrong!' and shows and hides the error"),
      ui('public.test.tsx', 'an unknown path shows the 404 page'),
    ],
  },
  {
    id: 'R-ERR-10',
    section: '§8',
    statement: 'The HTTP client maps statuses 400 to 511 to their standard names.',
    kind: 'behavioural',
    checkedBy: [unit('api-errors.test.ts', 'names statuses 400–511 by their standard names')],
  },
] as const satisfies readonly Requirement[];

/** A known requirement id: machines name these in their meta (checked by the compiler and by a test). */
export type RequirementId = (typeof REQUIREMENTS)[number]['id'];

const BY_ID: ReadonlyMap<string, Requirement> = new Map(REQUIREMENTS.map((entry) => [entry.id, entry]));

export function requirementById(id: string): Requirement | undefined {
  return BY_ID.get(id);
}
