import type { RetryKeys } from '../../api/retry-keys';
import type { FieldName, FormValues, SubmitInput } from '../../machines/form';
import type { ModalFormMachine } from '../../machines/form-dialogs';
import type { MenuEntry, Toast } from './confirmation';

/**
 * One form dialog (Add/Edit Item, Add/Edit User, the admin's Change Password), described once: its machine,
 * call and what its screen shows; the registry, model assertions and UI walks loop over `FORM_DIALOGS`.
 */

export interface FormDialogScreen<V> {
  /** The route the dialog lives on. */
  route: '/items' | '/admin';
  /** What opens it: a row's actions menu entry (on that row's record), or a button of the page. */
  opener: { menu: MenuEntry } | { button: string };
  /** Another list's row entry opening this dialog (the 'Change Password Item' quirk on /items). */
  alsoOn?: { route: '/items' | '/admin'; menu: MenuEntry };
  /** The dialog's role and title (its accessible name). */
  role: 'dialog';
  title: string;
  /** Each field's label (its accessible name; a text field's placeholder too), every field of the form. */
  labels: { readonly [K in FieldName<V>]: string };
  /** The toast of a success (the list is refreshed after it). */
  success: Toast;
  /** A failure is an 'Error' toast with the API's `detail` message. */
  failure: 'detail';
}

export interface FormDialogDescriptor<V extends FormValues, T, O> {
  /** The machine's id, the model's name, the diagram's file name. */
  name: string;
  /** The statecharts viewer's group. */
  group: string;
  machine: ModalFormMachine<V, T, O>;
  /** What Save calls; a create sent again reuses its Idempotency-Key (`keys`), so it is done once at most. */
  submit: (input: SubmitInput<V, T>, keys: RetryKeys, signal: AbortSignal) => Promise<O>;
  /** The form's values when opened on a record (an edit): every field, by type. */
  opened?: (target: T) => V;
  screen: FormDialogScreen<V>;
}

/** A descriptor whose values, record and answer types are erased, as the registries hold them. */
// biome-ignore lint/suspicious/noExplicitAny: a list of descriptors of different forms, records and answers
export type AnyFormDialog = FormDialogDescriptor<any, any, any>;

/** Declares a form dialog; its name is its machine's id. */
export function defineFormDialog<V extends FormValues, T, O>(
  descriptor: Omit<FormDialogDescriptor<V, T, O>, 'name'>,
): FormDialogDescriptor<V, T, O> {
  return { ...descriptor, name: descriptor.machine.id };
}

export const isMenuFormOpener = <V>(
  screen: FormDialogScreen<V>,
): screen is FormDialogScreen<V> & { opener: { menu: MenuEntry } } => 'menu' in screen.opener;

/** The row menu entry that opens the dialog on `route`'s list, if one does (its own or the `alsoOn`). */
export function formMenuEntryOn<V>(screen: FormDialogScreen<V>, route: string): MenuEntry | undefined {
  if (screen.route === route) return isMenuFormOpener(screen) ? screen.opener.menu : undefined;
  return screen.alsoOn?.route === route ? screen.alsoOn.menu : undefined;
}
