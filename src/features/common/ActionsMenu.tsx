import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { type ReactNode, useRef } from 'react';
import { EditIcon, KeyIcon, MoreIcon, TrashIcon } from '../../ui/icons';
import { menuRecipe } from '../../ui/recipes';

interface ActionsMenuProps {
  type: 'Item' | 'User';
  /** Names the row for screen readers, e.g. the item's title. */
  rowLabel: string;
  disabled?: boolean;
  /** Each receives the menu's trigger, where focus returns when the opened dialog closes. */
  onEdit: (opener: HTMLElement | null) => void;
  onChangePassword: (opener: HTMLElement | null) => void;
  onDelete: (opener: HTMLElement | null) => void;
  /** Entries of one screen only (e.g. the admin's 'End sessions'), shown before Delete. */
  more?: readonly MoreAction[];
}

export interface MoreAction {
  value: string;
  label: string;
  icon: ReactNode;
  onSelect: (opener: HTMLElement | null) => void;
}

/** A row's actions: 'Edit X', 'Change Password X', the screen's `more` entries and 'Delete X'. */
export function ActionsMenu({
  type,
  rowLabel,
  disabled,
  onEdit,
  onChangePassword,
  onDelete,
  more = [],
}: ActionsMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Menu.Root
      recipe={menuRecipe}
      positioning={{ placement: 'bottom-end' }}
      onSelect={(details) => {
        if (details.value === 'edit') onEdit(trigger.current);
        if (details.value === 'password') onChangePassword(trigger.current);
        if (details.value === 'delete') onDelete(trigger.current);
        more.find((action) => action.value === details.value)?.onSelect(trigger.current);
      }}
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
            <Menu.Item value="edit">
              <EditIcon aria-hidden="true" />
              Edit {type}
            </Menu.Item>
            <Menu.Item value="password">
              <KeyIcon aria-hidden="true" />
              Change Password {type}
            </Menu.Item>
            {more.map((action) => (
              <Menu.Item key={action.value} value={action.value}>
                {action.icon}
                {action.label}
              </Menu.Item>
            ))}
            <Menu.Item value="delete" color="red.fg">
              <TrashIcon aria-hidden="true" />
              Delete {type}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
