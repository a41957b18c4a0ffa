import { useActorRef } from '@xstate/react';
import { type RefObject, useRef } from 'react';
import { fromPromise } from 'xstate';
import { retryKeys } from '../../api/retry-keys';
import type { FormValues } from '../../machines/form';
import type { ConfirmationActor, ModalFormActor } from '../../machines/form-dialogs';
import { showError, showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { menuAction, type RowAction } from './ActionsMenu';
import type { ConfirmationDescriptor } from './confirmation';
import { type FormDialogDescriptor, formMenuEntryOn } from './form-dialog';

/** A list screen's form dialog as its descriptor wires it: Idempotency-Keys that live as long as the screen. */
export function useDescribedFormDialog<V extends FormValues, T, O>(
  descriptor: FormDialogDescriptor<V, T, O>,
  refresh: () => void,
): ModalFormActor<V, T, O> {
  const keys = useRef(retryKeys()).current;
  return useActorRef(
    descriptor.machine.provide({
      actors: { submit: fromPromise(({ input, signal }) => descriptor.submit(input, keys, signal)) },
      actions: {
        onSuccess: () => {
          showSuccess(...descriptor.screen.success);
          refresh();
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
}

/** The row menu entry of a described form dialog on `route`'s list (its own, or its `alsoOn`). */
export function rowFormActions<V extends FormValues, T, O>(
  descriptor: FormDialogDescriptor<V, T, O>,
  actor: ModalFormActor<V, T, O>,
  row: T,
  opener: RefObject<HTMLElement | null>,
  route: string = descriptor.screen.route,
): RowAction[] {
  const entry = formMenuEntryOn(descriptor.screen, route);
  if (entry === undefined) return [];
  return [
    menuAction(entry, (trigger) => {
      opener.current = trigger;
      actor.send({ type: 'modal.open', values: descriptor.opened?.(row), target: row });
    }),
  ];
}

/** A confirmation's actor as its descriptor wires it; `after` runs on failure too (the row may be gone). */
export function useConfirmation<T, O>(
  descriptor: ConfirmationDescriptor<T, O>,
  after: () => void,
): ConfirmationActor<T, O> {
  const { screen } = descriptor;
  return useActorRef(
    descriptor.machine.provide({
      actors: { submit: fromPromise(({ input, signal }) => descriptor.submit(input, signal)) },
      actions: {
        onSuccess: () => {
          showSuccess(...screen.success);
          after();
        },
        onFailure: ({ context }) => {
          if (screen.failure === 'detail') toastError(context.error);
          else {
            showError(...screen.failure);
            after();
          }
        },
      },
    }),
    { inspect },
  );
}
