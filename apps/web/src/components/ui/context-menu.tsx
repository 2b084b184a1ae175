import * as ContextMenuPrimitive from '@radix-ui/react-context-menu';
import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { type MenuAction, visibleActions } from './menu-actions';

export type { MenuAction } from './menu-actions';

/** The parts both Radix menus share: a right-click menu and a button's menu draw the same entries. */
type MenuParts = Pick<typeof ContextMenuPrimitive, 'Item' | 'Sub' | 'SubTrigger' | 'SubContent' | 'Portal'>;

function MenuEntries({ actions, parts }: { actions: readonly MenuAction[]; parts: MenuParts }) {
  const { Item, Sub, SubTrigger, SubContent, Portal } = parts;
  return actions.map((action) => {
    const content = (
      <>
        {action.icon && <i className={`bi ${action.icon} me-2`} aria-hidden="true" />}
        {action.label}
      </>
    );
    const itemClass = `dropdown-item${action.danger ? ' text-danger' : ''}`;
    if (action.children) {
      return (
        <Sub key={action.id}>
          <SubTrigger className={`${itemClass} app-menu-sub-trigger`} disabled={action.disabled}>
            {content}
            <i className="bi bi-chevron-right ms-auto ps-3" aria-hidden="true" />
          </SubTrigger>
          <Portal>
            <SubContent className="dropdown-menu app-menu" collisionPadding={8}>
              <MenuEntries actions={action.children} parts={parts} />
            </SubContent>
          </Portal>
        </Sub>
      );
    }
    if (action.href !== undefined) {
      return (
        <Item key={action.id} className={itemClass} disabled={action.disabled} asChild>
          <Link to={action.href}>{content}</Link>
        </Item>
      );
    }
    return (
      <Item key={action.id} className={itemClass} disabled={action.disabled} onSelect={action.onSelect}>
        {content}
      </Item>
    );
  });
}

export interface ContextMenuAreaProps {
  actions: readonly MenuAction[];
  /** One element that takes a ref (a card, a table row): right-click or long-press on it opens the menu. */
  children: ReactElement;
}

/**
 * The application's context menu (docs/product.md §2) on one element, with nested sub-menus. A mouse
 * opens it with a right click, a touch screen with a long press, a keyboard with the Menu key on the focused
 * element; `ActionsMenuButton` beside it offers the same entries to every keyboard.
 */
export function ContextMenuArea({ actions, children }: ContextMenuAreaProps) {
  const entries = visibleActions(actions);
  if (entries.length === 0) return children;
  return (
    <ContextMenuPrimitive.Root modal={false}>
      <ContextMenuPrimitive.Trigger asChild>{children}</ContextMenuPrimitive.Trigger>
      <ContextMenuPrimitive.Portal>
        <ContextMenuPrimitive.Content className="dropdown-menu app-menu" collisionPadding={8}>
          <MenuEntries actions={entries} parts={ContextMenuPrimitive} />
        </ContextMenuPrimitive.Content>
      </ContextMenuPrimitive.Portal>
    </ContextMenuPrimitive.Root>
  );
}

export interface ActionsMenuButtonProps {
  actions: readonly MenuAction[];
  /** The button's accessible name, e.g. "Actions for Prusa linea 1". */
  label: string;
  className?: string;
}

/** A button opening the same menu: Enter or Space opens it, arrows move, Right opens a sub-menu, Esc closes. */
export function ActionsMenuButton({ actions, label, className }: ActionsMenuButtonProps) {
  const entries = visibleActions(actions);
  if (entries.length === 0) return null;
  return (
    <DropdownMenuPrimitive.Root modal={false}>
      <DropdownMenuPrimitive.Trigger
        className={`btn btn-sm btn-outline-secondary ${className ?? ''}`}
        aria-label={label}
        title={label}
      >
        <i className="bi bi-three-dots-vertical" aria-hidden="true" />
      </DropdownMenuPrimitive.Trigger>
      <DropdownMenuPrimitive.Portal>
        <DropdownMenuPrimitive.Content className="dropdown-menu app-menu" align="end" collisionPadding={8}>
          <MenuEntries actions={entries} parts={DropdownMenuPrimitive} />
        </DropdownMenuPrimitive.Content>
      </DropdownMenuPrimitive.Portal>
    </DropdownMenuPrimitive.Root>
  );
}
