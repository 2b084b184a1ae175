/**
 * One entry of a context menu (docs/product.md §2: "a context menu with nested sub-menus"): a link, an
 * action, or a sub-menu. Screens describe their menus as data; `context-menu.tsx` draws them.
 */
export interface MenuAction {
  /** Stable within its menu: the React key. */
  id: string;
  label: string;
  /** A Bootstrap Icons class, e.g. `bi-folder2-open`. */
  icon?: string;
  /** A link: the menu navigates there. */
  href?: string;
  onSelect?: () => void;
  /** Left out of the menu, e.g. for a role that may not do it (the server enforces it anyway). */
  hidden?: boolean;
  disabled?: boolean;
  /** Drawn as a destructive action. */
  danger?: boolean;
  /** Makes the entry a sub-menu. */
  children?: readonly MenuAction[];
}

/** The entries a menu shows: hidden ones dropped, and sub-menus left with nothing to show dropped too. */
export function visibleActions(actions: readonly MenuAction[]): MenuAction[] {
  return actions.flatMap((action) => {
    if (action.hidden) return [];
    if (!action.children) return [action];
    const children = visibleActions(action.children);
    return children.length > 0 ? [{ ...action, children }] : [];
  });
}
