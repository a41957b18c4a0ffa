import type { LucideProps } from 'lucide-react';
import type { ComponentType } from 'react';
import {
  type ConfirmationInput,
  type ConfirmationMachine,
  type ConfirmationRequirements,
  createConfirmationMachine,
} from '../../machines/form-dialogs';

/**
 * One confirmation dialog, described once: its machine and what its screen shows. Screens, registry, model
 * assertions, oracles and UI walk loop over `CONFIRMATIONS`: a new confirmation is a descriptor.
 */

/** A run of text, or a run in bold. */
export type Segment = string | { strong: string };
/** A paragraph of the dialog's text. */
export type Paragraph = readonly Segment[];
/** A toast: title, description. */
export type Toast = readonly [title: string, description: string];

/** The row actions menu's entry that opens a row confirmation (`ActionsMenu`). */
export interface MenuEntry {
  /** The menu item's value (unique in the menu). */
  value: string;
  /** Its text, which is also its accessible name. */
  label: string;
  icon: ComponentType<LucideProps>;
  /** Drawn in red: the action cannot be undone. */
  danger?: boolean;
}

/** A button on the page (in `tab` of a tabbed page, when given) that opens the confirmation. */
export interface PageButton {
  button: string;
  tab?: string;
}

export interface ConfirmationScreen<T> {
  /** The route the dialog lives on. */
  route: '/items' | '/admin' | '/settings';
  /** What opens it: a row's actions menu entry, or a button of the page. */
  opener: { menu: MenuEntry } | PageButton;
  /** The dialog's role and title (its accessible name). */
  role: 'alertdialog';
  title: string;
  /** The confirming button's label. */
  submitLabel: string;
  /** The record the dialog names above its text, in a box (a delete shows what it deletes). */
  record?: (target: T) => { name: string; detail?: string };
  /** The dialog's text, paragraph by paragraph (the spec's sentences, letter for letter). */
  body: (target: T | null) => readonly Paragraph[];
  /** A part of the text that says which question this is (the walks look for it). */
  question: string;
  /** The toast of a success. */
  success: Toast;
  /** The toast of a failure: the spec's fixed text, or 'detail' for the API's `detail` message. */
  failure: Toast | 'detail';
  /** A success ends the session (the account, or every session of it, is gone). */
  endsSession?: boolean;
}

export interface ConfirmationDescriptor<T = unknown, O = unknown> {
  /** The machine's id, the model's name, the diagram's file name. */
  name: string;
  /** The statecharts viewer's group. */
  group: string;
  machine: ConfirmationMachine<T, O>;
  /** What a confirm calls (the real service call). */
  submit: (input: ConfirmationInput<T>, signal?: AbortSignal) => Promise<O>;
  screen: ConfirmationScreen<T>;
  /** The spec requirements its machine's edges implement (src/qa/requirements), by part. */
  requirements?: ConfirmationRequirements;
}

/** A descriptor whose record and answer types are erased, as the registries hold them. */
// biome-ignore lint/suspicious/noExplicitAny: a list of descriptors of different records and answers
export type AnyConfirmation = ConfirmationDescriptor<any, any>;

/** Declares a confirmation: its machine is made here, under `name`. */
export function defineConfirmation<T, O>(
  descriptor: Omit<ConfirmationDescriptor<T, O>, 'machine'>,
): ConfirmationDescriptor<T, O> {
  return {
    ...descriptor,
    machine: createConfirmationMachine<T, O>({ id: descriptor.name, requirements: descriptor.requirements }),
  };
}

export const isMenuOpener = <T>(
  screen: ConfirmationScreen<T>,
): screen is ConfirmationScreen<T> & { opener: { menu: MenuEntry } } => 'menu' in screen.opener;
