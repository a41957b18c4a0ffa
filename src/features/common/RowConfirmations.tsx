import { type ReactNode, type RefObject, useRef } from 'react';
import { changeUserPasswordDialog } from '../admin/form-dialogs';
import { menuAction, type RowAction } from './ActionsMenu';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { ConfirmationDialog } from './ConfirmationDialog';
import { type AnyConfirmation, isMenuOpener } from './confirmation';
import { rowFormActions, useConfirmation, useDescribedFormDialog } from './useRowDialogs';

/** A list's row menu after its Edit entry: Change Password, then the area's confirmations, and their dialogs. */
export function useSharedRowDialogs<Row extends { id: string }>(
  route: '/items' | '/admin',
  confirmations: readonly AnyConfirmation[],
  refresh: () => void,
  record?: (row: Row) => { name: string; detail?: string },
) {
  const opener = useRef<HTMLElement | null>(null);
  const changePassword = useDescribedFormDialog(changeUserPasswordDialog, refresh);
  const rows = useRowConfirmations<Row>(confirmations, refresh, opener);
  return {
    opener,
    dialogs: (
      <>
        <ChangePasswordDialog
          actor={changePassword}
          descriptor={changeUserPasswordDialog}
          returnFocusRef={opener}
          record={record as ((target: { id: string }) => { name: string }) | undefined}
        />
        {rows.dialogs}
      </>
    ),
    actions: (row: Row) => [
      ...rowFormActions(changeUserPasswordDialog, changePassword, row, opener, route),
      ...rows.actions(row),
    ],
  };
}

/** A list screen's row confirmations: one actor each (`descriptors` is a module constant: hooks keep their order). */
export function useRowConfirmations<Row>(
  descriptors: readonly AnyConfirmation[],
  refresh: () => void,
  opener: RefObject<HTMLElement | null>,
): { dialogs: ReactNode; actions: (row: Row) => RowAction[] } {
  const actors = descriptors.map((descriptor) => ({
    descriptor,
    // biome-ignore lint/correctness/useHookAtTopLevel: `descriptors` is a module constant: the same hooks in the same order on every render
    actor: useConfirmation(descriptor, refresh),
  }));
  return {
    dialogs: actors.map(({ descriptor, actor }) => (
      <ConfirmationDialog
        key={descriptor.name}
        descriptor={descriptor}
        actor={actor}
        returnFocusRef={opener}
      />
    )),
    actions: (row) =>
      actors.flatMap(({ descriptor, actor }) => {
        const { screen } = descriptor;
        if (!isMenuOpener(screen)) return [];
        return [
          menuAction(screen.opener.menu, (trigger) => {
            opener.current = trigger;
            actor.send({ type: 'modal.open', target: row });
          }),
        ];
      }),
  };
}
