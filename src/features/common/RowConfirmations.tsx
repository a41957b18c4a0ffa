import type { ReactNode, RefObject } from 'react';
import { menuAction, type RowAction } from './ActionsMenu';
import { ConfirmationDialog } from './ConfirmationDialog';
import { type AnyConfirmation, isMenuOpener } from './confirmation';
import { useConfirmation } from './useRowDialogs';

/**
 * A list screen's row confirmations, from its area's descriptors: one actor each, their dialogs, and
 * the row menu entries that open them on a row. `descriptors` is a module constant, so the hooks run in
 * the same order on every render.
 */
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
