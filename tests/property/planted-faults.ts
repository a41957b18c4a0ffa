import { type AnyStateMachine, createMachine } from 'xstate';
import { CONFIRMATIONS } from '../../src/features/confirmations';
import { CODE_LENGTH } from '../../src/machines/confirm-email';
import { type PagingContext, pageRows } from '../../src/machines/paging';
import { FORM_SPECS, type FormShape } from './oracles/forms';

/**
 * Faults a user would notice, planted in memory in the real machine definitions (no file is edited):
 * tests/property/planted-faults.test.ts walks each faulty machine with the spec's oracles and fails,
 * naming the fault, when none of them catches it. The list is the issue 38 set (a confirmation whose
 * Cancel confirms, a loosened paging guard, a Save that ignores validity, a Cancel that keeps edits, a
 * logout that keeps the cache, a 7-character password) and the other "never" rules of the flow shapes.
 */

export interface PlantedFault {
  /** What a user would see; a fault no test catches fails under this name. */
  name: string;
  /** The machines (model names) it is planted in: each of them must be caught. */
  machines: readonly string[];
  /** The faulty machine, built from the real one. */
  plant: (machine: AnyStateMachine) => AnyStateMachine;
}

/** A state's config as the rewrites below read it. */
interface StateConfig {
  states?: Record<string, StateConfig>;
  on?: Record<string, unknown>;
  entry?: unknown;
}

/** A copy of a config's plain objects and arrays (functions and other values are shared). */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, copy(entry)])) as T;
  return value;
}

/** The machine with its config rewritten by `edit` (on a copy), with the same implementations. */
function rewritten(machine: AnyStateMachine, edit: (root: StateConfig) => void): AnyStateMachine {
  const config = copy(machine.config) as StateConfig;
  edit(config);
  return createMachine(config as never, machine.implementations as never) as AnyStateMachine;
}

/** The state at `path` (state keys from the root). */
function state(root: StateConfig, ...path: string[]): StateConfig {
  let node = root;
  for (const key of path) {
    const child = node.states?.[key];
    if (!child) throw new Error(`no state ${path.join('.')}`);
    node = child;
  }
  return node;
}

const names = (shapes: FormShape[], extra: (name: string) => boolean = () => true) =>
  Object.entries(FORM_SPECS)
    .filter(([name, spec]) => shapes.includes(spec.shape) && extra(name))
    .map(([name]) => name);

const CONFIRMATION_NAMES = CONFIRMATIONS.map((confirmation) => confirmation.name);
const MODAL_FORMS = names(['modal']);
/** Where a form is edited, waits for its request, waits after a failure, per shape. */
const EDITING: Record<FormShape, string[]> = {
  page: ['editing'],
  modal: ['open', 'editing'],
  toggle: ['editing'],
  confirmation: ['open', 'idle'],
};
const FAILED: Record<FormShape, string[]> = {
  page: ['failed'],
  modal: ['open', 'failed'],
  toggle: ['editing', 'failed'],
  confirmation: ['open', 'failed'],
};
const SUBMITTING: Record<FormShape, string[]> = {
  page: ['submitting'],
  modal: ['open', 'submitting'],
  toggle: ['editing', 'submitting'],
  confirmation: ['open', 'submitting'],
};
const shapeOf = (machine: AnyStateMachine): FormShape => {
  const spec = FORM_SPECS[machine.id];
  if (!spec) throw new Error(`${machine.id}: not a form`);
  return spec.shape;
};
type Guard = (args: { context: { values: Record<string, unknown> } }, params: unknown) => boolean;
const PASSWORD_FIELDS = ['password', 'new_password', 'confirm_password'];
/** The values with each 7-character password one character longer: what a minimum of 7 lets through. */
const lengthened = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([field, value]) =>
      PASSWORD_FIELDS.includes(field) && typeof value === 'string' && value.length === 7
        ? [field, `${value}.`]
        : [field, value],
    ),
  );

/** Where Cancel, Close, × and Escape are handled (the form being edited), and the event they send. */
const closing = (root: StateConfig, shape: FormShape) => ({
  node: state(root, ...EDITING[shape]),
  event: shape === 'toggle' ? 'profile.cancel' : 'modal.close',
});

export const PLANTED_FAULTS: PlantedFault[] = [
  {
    name: "a confirmation's Cancel confirms (Delete Item/User, account deletion, log out everywhere)",
    machines: CONFIRMATION_NAMES,
    plant: (machine) =>
      rewritten(machine, (root) => {
        const idle = state(root, 'open', 'idle');
        idle.on = { ...idle.on, 'modal.close': idle.on?.['form.submit'] };
      }),
  },
  {
    name: 'Cancel reports a success (runs the success effect)',
    machines: [...MODAL_FORMS, ...CONFIRMATION_NAMES, ...names(['toggle'])],
    plant: (machine) =>
      rewritten(machine, (root) => {
        const { node, event } = closing(root, shapeOf(machine));
        const close = node.on?.[event] as { actions: unknown };
        node.on = { ...node.on, [event]: { ...close, actions: [close.actions, 'onSuccess'] } };
      }),
  },
  {
    name: 'a busy form can be closed or cancelled (its request abandoned)',
    machines: [...MODAL_FORMS, ...CONFIRMATION_NAMES, ...names(['toggle'])],
    plant: (machine) =>
      rewritten(machine, (root) => {
        const shape = shapeOf(machine);
        const { node, event } = closing(root, shape);
        // The profile's busy state ignores Cancel, which else reaches the form's own Cancel.
        state(root, ...SUBMITTING[shape]).on = shape === 'toggle' ? {} : { [event]: node.on?.[event] };
      }),
  },
  {
    name: 'a failed submit empties the form',
    machines: names(['page', 'modal', 'toggle']),
    plant: (machine) =>
      rewritten(machine, (root) => {
        state(root, ...FAILED[shapeOf(machine)]).entry = ['onFailure', 'clear'];
      }),
  },
  {
    name: 'Save ignores validity (sends invalid values)',
    machines: names(['page', 'modal', 'toggle'], (name) => Boolean(FORM_SPECS[name]?.rules)),
    plant: (machine) => machine.provide({ guards: { isValid: () => true } }),
  },
  {
    name: 'Save sends an unchanged form',
    // Forms opened on a record (an empty Add User form is invalid anyway: the fault cannot show there).
    machines: names(['modal', 'toggle'], (name) => {
      const spec = FORM_SPECS[name];
      return Boolean(spec?.changedToSave && (spec.target || spec.shape === 'toggle'));
    }),
    plant: (machine) => machine.provide({ guards: { isBlocked: () => false } }),
  },
  {
    name: "the profile's Cancel keeps the edits",
    machines: names(['toggle']),
    plant: (machine) =>
      rewritten(machine, (root) => {
        const editing = state(root, 'editing');
        editing.on = { ...editing.on, 'profile.cancel': { target: 'viewing' } };
      }),
  },
  {
    name: 'Next is offered after a page one row short of full',
    machines: ['itemsPaging', 'usersPaging'],
    plant: (machine) =>
      machine.provide({
        guards: {
          hasNextPage: ({ context }: { context: PagingContext }) => pageRows(context) >= context.pageSize - 1,
        },
      } as never),
  },
  {
    name: "a confirmation's success reports nothing (its success effect dropped)",
    machines: CONFIRMATION_NAMES,
    plant: (machine) =>
      rewritten(machine, (root) => {
        const invoke = state(root, 'open', 'submitting') as { invoke?: { onDone: object } };
        if (invoke.invoke) invoke.invoke.onDone = { ...invoke.invoke.onDone, actions: ['clear'] };
      }),
  },
  {
    name: "the plan confirmation's Cancel saves the plan",
    machines: ['subscription'],
    plant: (machine) =>
      rewritten(machine, (root) => {
        const confirming = state(root, 'confirming');
        confirming.on = { ...confirming.on, 'plan.cancel': 'saving' };
      }),
  },
  {
    // (Back to viewing without clearing it shows nothing: viewing takes no Confirm, a choice replaces it.)
    name: 'Cancel after a failed plan save keeps the plan to confirm',
    machines: ['subscription'],
    plant: (machine) =>
      rewritten(machine, (root) => {
        const failed = state(root, 'failed');
        failed.on = { ...failed.on, 'plan.cancel': { target: 'confirming' } };
      }),
  },
  {
    name: 'choosing dark persists light',
    machines: ['appearance'],
    plant: (machine) =>
      rewritten(machine, (root) => {
        const [light, dark, ...rest] = (root.on?.['appearance.change'] ?? []) as { actions: unknown }[];
        if (!light || !dark) throw new Error('appearance: no light/dark choice');
        root.on = { ...root.on, 'appearance.change': [light, { ...dark, actions: light.actions }, ...rest] };
      }),
  },
  {
    name: 'a confirmation code one digit short is checked',
    machines: ['confirmEmail'],
    plant: (machine) =>
      machine.provide({
        guards: {
          isComplete: ({ context }: { context: { code: string } }) => context.code.length >= CODE_LENGTH - 1,
        },
      } as never),
  },
  {
    name: 'a new code may be asked for a second before the interval ends',
    machines: ['confirmEmail'],
    plant: (machine) =>
      machine.provide({
        guards: { secondsLeft: ({ context }: { context: { cooldown: number } }) => context.cooldown > 2 },
      } as never),
  },
  {
    name: 'logout keeps the cache',
    machines: ['session'],
    plant: (machine) =>
      rewritten(machine, (root) => {
        const signedIn = state(root, 'signedIn');
        const logout = signedIn.on?.['session.logout'] as { actions: string[] };
        signedIn.on = {
          ...signedIn.on,
          'session.logout': {
            ...logout,
            actions: logout.actions.filter((action) => action !== 'clearCache'),
          },
        };
      }),
  },
  {
    name: 'a 7-character password is accepted',
    machines: ['signup', 'resetPassword', 'changePassword', 'addUser', 'editUser', 'changeUserPassword'],
    // The forms' rule judges a 7-character password as if it had the 8 the spec asks for.
    plant: (machine) => {
      const isValid = machine.implementations.guards.isValid as Guard;
      const loosened: Guard = ({ context, ...rest }, params) =>
        isValid({ ...rest, context: { ...context, values: lengthened(context.values) } }, params);
      return machine.provide({ guards: { isValid: loosened } } as never);
    },
  },
];
