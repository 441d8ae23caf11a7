import { Box, Menu } from '@mantine/core';
import { contextMenuOffsetPx } from '../../map/mapConstants.ts';

export interface MapContextAction {
  id: string;
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

export interface MapContextMenuProps {
  /** Where it was asked for, in pixels from the map's top-left corner; null when closed. */
  at: { x: number; y: number } | null;
  /** The menu's accessible name, e.g. the field it acts on. */
  label: string;
  actions: readonly MapContextAction[];
  onClose: () => void;
}

/** The map's context menu, opened 15 px off the pointer. */
export function MapContextMenu({ at, label, actions, onClose }: MapContextMenuProps) {
  if (!at) return null;
  return (
    <Menu
      opened
      onChange={(opened) => !opened && onClose()}
      position="bottom-start"
      offset={0}
      withinPortal={false}
      shadow="md"
      closeOnEscape
      // A tap's mouse events and click come after the pointer events that opened the menu on a double-tap; only
      // a new press elsewhere closes it.
      clickOutsideEvents={['pointerdown']}
      trapFocus
      returnFocus={false}
    >
      <Menu.Target>
        <Box
          pos="absolute"
          left={at.x + contextMenuOffsetPx}
          top={at.y + contextMenuOffsetPx}
          w={1}
          h={1}
          style={{ pointerEvents: 'none' }}
          // An invisible anchor at the pointer, not a control: the popup roles Menu gives it are not read out.
          aria-hidden="true"
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={label}>
        <Menu.Label>{label}</Menu.Label>
        {actions.map((action) => (
          <Menu.Item
            key={action.id}
            disabled={action.disabled}
            onClick={() => {
              onClose();
              action.onSelect();
            }}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
