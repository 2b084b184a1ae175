/**
 * The Radix half of `context-menu.tsx`, in a chunk of its own (Radix menus and floating-ui, about 30 KiB gzip):
 * loaded when a menu is first opened, never with the screens that show menus. The light half renders the card or
 * row and the actions button until then, and hands over the event that opened the menu, which is replayed here
 * so that Radix opens it as if it had seen that event itself (the point of a right click, the keyboard's focus
 * on the first entry).
 */
import * as ContextMenuPrimitive from '@radix-ui/react-context-menu';
import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { MenuAction } from './menu-actions';

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

/** Where a context menu was asked for; a new object for every request, even at the same point. */
export interface MenuPoint {
  x: number;
  y: number;
}

/**
 * The context menu at a point, drawn in a portal beside the element that was right-clicked (or long-pressed, or
 * given the Menu key): its trigger is an empty span, sent a `contextmenu` event at the point each time a new one
 * comes, so Radix places, opens and moves the menu exactly as it does on its own trigger.
 */
export function PointMenu({ point, actions }: { point: MenuPoint; actions: readonly MenuAction[] }) {
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    anchor.current?.dispatchEvent(
      new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: point.x, clientY: point.y }),
    );
  }, [point]);
  return (
    <ContextMenuPrimitive.Root modal={false}>
      {/* The replayed event is this menu's alone: an area around the element that asked must not see it. */}
      <ContextMenuPrimitive.Trigger asChild onContextMenu={(event) => event.stopPropagation()}>
        <span ref={anchor} />
      </ContextMenuPrimitive.Trigger>
      <ContextMenuPrimitive.Portal>
        <ContextMenuPrimitive.Content className="dropdown-menu app-menu" collisionPadding={8}>
          <MenuEntries actions={actions} parts={ContextMenuPrimitive} />
        </ContextMenuPrimitive.Content>
      </ContextMenuPrimitive.Portal>
    </ContextMenuPrimitive.Root>
  );
}

/** The event that opened a button's menu before this chunk was there: a primary press or an opening key. */
export type OpeningEvent = { kind: 'pointer'; pointerType: string } | { kind: 'key'; key: string };

export interface ButtonMenuProps {
  actions: readonly MenuAction[];
  label: string;
  className: string;
  /** Replayed on the trigger once mounted. */
  opening: OpeningEvent;
}

/** The actions button with its Radix menu, taking over from the light button that was pressed. */
export function ButtonMenu({ actions, label, className, opening }: ButtonMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const replayed = useRef(false);
  useEffect(() => {
    const button = trigger.current;
    if (!button || replayed.current) return;
    replayed.current = true;
    // A key was pressed on the light button, which had the focus: its successor takes it before the key.
    if (opening.kind === 'key') button.focus({ preventScroll: true });
    button.dispatchEvent(
      opening.kind === 'key'
        ? new KeyboardEvent('keydown', { key: opening.key, bubbles: true, cancelable: true })
        : new PointerEvent('pointerdown', {
            bubbles: true,
            cancelable: true,
            button: 0,
            pointerType: opening.pointerType,
          }),
    );
  }, [opening]);
  return (
    <DropdownMenuPrimitive.Root modal={false}>
      <DropdownMenuPrimitive.Trigger ref={trigger} className={className} aria-label={label} title={label}>
        <i className="bi bi-three-dots-vertical" aria-hidden="true" />
      </DropdownMenuPrimitive.Trigger>
      <DropdownMenuPrimitive.Portal>
        <DropdownMenuPrimitive.Content className="dropdown-menu app-menu" align="end" collisionPadding={8}>
          <MenuEntries actions={actions} parts={DropdownMenuPrimitive} />
        </DropdownMenuPrimitive.Content>
      </DropdownMenuPrimitive.Portal>
    </DropdownMenuPrimitive.Root>
  );
}
