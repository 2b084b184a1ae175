import {
  type CSSProperties,
  cloneElement,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { whenIdle } from '../../lib/when-idle';
import { type MenuAction, visibleActions } from './menu-actions';
import type * as RadixMenuModule from './radix-menus';
import type { MenuPoint, OpeningEvent } from './radix-menus';

export type { MenuAction } from './menu-actions';

type RadixMenus = typeof RadixMenuModule;

/**
 * The menus themselves (Radix, with floating-ui to place them) are not part of a screen's first load: they load
 * once the page is idle after a screen with menus has shown, or when a menu is first opened if that comes
 * sooner. Once here, every menu opens from the same module at once.
 */
let loaded: RadixMenus | undefined;
let loading: Promise<RadixMenus> | undefined;
function loadMenus(): Promise<RadixMenus> {
  loading ??= import('./radix-menus').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // A failed download (the portal redeployed, the network gone): the next menu opened tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

let preloading = false;
/** Loads the menus in the background once the page is idle, so that the first one opens as fast as the others. */
function preloadWhenIdle(): void {
  if (preloading) return;
  preloading = true;
  whenIdle()
    .then(loadMenus)
    .catch(() => {
      // Not loaded now: the first menu opened loads it.
    });
}

/**
 * The module once loaded (at once, in the render that wants it, when it is already here), re-rendering when it
 * arrives; starts loading when `wanted`, or once the page is idle.
 */
function useMenus(wanted: boolean): RadixMenus | undefined {
  const [arrived, setArrived] = useState<RadixMenus | undefined>(undefined);
  const menus = arrived ?? loaded;
  useEffect(preloadWhenIdle, []);
  useEffect(() => {
    if (!wanted || menus) return;
    let current = true;
    loadMenus().then(
      (module) => current && setArrived(() => module),
      () => {
        // The element stays as it was; the next attempt to open the menu loads again.
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, menus]);
  return menus;
}

/** A touch or pen press held this long opens the context menu, as Radix's own trigger does. */
const LONG_PRESS_MS = 700;

type Handler<E> = ((event: E) => void) | undefined;
/** The child's own handler first, then the menu's, unless the child's prevented it (Radix's order). */
const compose =
  <E extends { defaultPrevented: boolean }>(own: Handler<E>, menu: (event: E) => void) =>
  (event: E) => {
    own?.(event);
    if (!event.defaultPrevented) menu(event);
  };

interface TriggerProps {
  style?: CSSProperties;
  onContextMenu?: (event: MouseEvent) => void;
  onPointerDown?: (event: PointerEvent) => void;
  onPointerMove?: (event: PointerEvent) => void;
  onPointerCancel?: (event: PointerEvent) => void;
  onPointerUp?: (event: PointerEvent) => void;
}

export interface ContextMenuAreaProps {
  actions: readonly MenuAction[];
  /** One element that takes a ref (a card, a table row): right-click or long-press on it opens the menu. */
  children: ReactElement;
}

/**
 * The application's context menu (docs/product.md §2) on one element, with nested sub-menus. A mouse
 * opens it with a right click, a touch screen with a long press, a keyboard with the Menu key on the focused
 * element; `ActionsMenuButton` beside it offers the same entries to every keyboard. The element is never
 * rendered again for the menu's sake: the menu is drawn apart, in a portal, at the point it was asked for.
 */
export function ContextMenuArea({ actions, children }: ContextMenuAreaProps) {
  const entries = visibleActions(actions);
  const [point, setPoint] = useState<MenuPoint | null>(null);
  const menus = useMenus(point !== null);
  const longPress = useRef(0);
  const clearLongPress = () => window.clearTimeout(longPress.current);
  useEffect(() => () => window.clearTimeout(longPress.current), []);
  if (entries.length === 0) return children;

  const open = (event: { clientX: number; clientY: number }) =>
    setPoint({ x: event.clientX, y: event.clientY });
  const onTouch =
    (then: (event: PointerEvent) => void) =>
    (event: PointerEvent): void => {
      if (event.pointerType !== 'mouse') then(event);
    };
  const own = children.props as TriggerProps;
  const trigger = cloneElement(children as ReactElement<TriggerProps>, {
    style: { WebkitTouchCallout: 'none', ...own.style },
    onContextMenu: compose(own.onContextMenu, (event) => {
      clearLongPress();
      open(event);
      event.preventDefault();
    }),
    onPointerDown: compose(
      own.onPointerDown,
      onTouch((event) => {
        clearLongPress();
        const at = { clientX: event.clientX, clientY: event.clientY };
        longPress.current = window.setTimeout(() => open(at), LONG_PRESS_MS);
      }),
    ),
    onPointerMove: compose(own.onPointerMove, onTouch(clearLongPress)),
    onPointerCancel: compose(own.onPointerCancel, onTouch(clearLongPress)),
    onPointerUp: compose(own.onPointerUp, onTouch(clearLongPress)),
  });
  return (
    <>
      {trigger}
      {point && menus && createPortal(<menus.PointMenu point={point} actions={entries} />, document.body)}
    </>
  );
}

export interface ActionsMenuButtonProps {
  actions: readonly MenuAction[];
  /** The button's accessible name, e.g. "Actions for Prusa linea 1". */
  label: string;
  className?: string;
}

/** The keys that open a menu button's menu (Radix's: Enter and Space toggle, the down arrow opens). */
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * A button opening the same menu: Enter or Space opens it, arrows move, Right opens a sub-menu, Esc closes.
 * Until its menu is first opened it is a plain button with the trigger's attributes; the press or key that
 * opens it loads the menu, which takes the button's place and opens as that press or key would have.
 */
export function ActionsMenuButton({ actions, label, className }: ActionsMenuButtonProps) {
  const entries = visibleActions(actions);
  const [opening, setOpening] = useState<OpeningEvent | null>(null);
  const menus = useMenus(opening !== null);
  if (entries.length === 0) return null;
  const classes = `btn btn-sm btn-outline-secondary ${className ?? ''}`;
  if (opening && menus) {
    return <menus.ButtonMenu actions={entries} label={label} className={classes} opening={opening} />;
  }
  return (
    <button
      type="button"
      className={classes}
      aria-label={label}
      title={label}
      aria-haspopup="menu"
      aria-expanded="false"
      data-state="closed"
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        setOpening({ kind: 'pointer', pointerType: event.pointerType });
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.includes(event.key)) return;
        event.preventDefault();
        setOpening({ kind: 'key', key: event.key });
      }}
    >
      <i className="bi bi-three-dots-vertical" aria-hidden="true" />
    </button>
  );
}
