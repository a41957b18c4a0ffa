import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { type ReactNode, useRef } from 'react';
import { MoreIcon } from '../../ui/icons';
import { menuRecipe } from '../../ui/recipes';
import type { MenuEntry } from './confirmation';

/** An entry of a row's actions menu. */
export interface RowAction {
  /** The menu item's value (unique in the menu). */
  value: string;
  /** Its text, which is also its accessible name (e.g. 'Edit Item'). */
  label: string;
  icon: ReactNode;
  /** Drawn in red: the action cannot be undone. */
  danger?: boolean;
  /** Receives the menu's trigger, where focus returns when the opened dialog closes. */
  onSelect: (opener: HTMLElement | null) => void;
}

/** A descriptor's menu entry (a confirmation's, a form dialog's) as a row action doing `onSelect`. */
export function menuAction(entry: MenuEntry, onSelect: RowAction['onSelect']): RowAction {
  const { value, label, icon: Icon, danger } = entry;
  return { value, label, danger, icon: <Icon aria-hidden="true" />, onSelect };
}

interface ActionsMenuProps {
  /** Names the row for screen readers, e.g. the item's title. */
  rowLabel: string;
  disabled?: boolean;
  /** The entries, in their order. */
  actions: readonly RowAction[];
}

/** A row's actions: a '…' button opening a menu of `actions`. */
export function ActionsMenu({ rowLabel, disabled, actions }: ActionsMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Menu.Root
      recipe={menuRecipe}
      positioning={{ placement: 'bottom-end' }}
      onSelect={(details) =>
        actions.find((action) => action.value === details.value)?.onSelect(trigger.current)
      }
    >
      <Menu.Trigger asChild disabled={disabled}>
        <IconButton
          ref={trigger}
          variant="ghost"
          size="sm"
          aria-label={`Actions for ${rowLabel}`}
          disabled={disabled}
        >
          <MoreIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map((action) => (
              <Menu.Item key={action.value} value={action.value} color={action.danger ? 'red.fg' : undefined}>
                {action.icon}
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
