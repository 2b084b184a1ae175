import { describe, expect, it } from 'vitest';
import { type MenuAction, visibleActions } from './menu-actions';

const ids = (actions: readonly MenuAction[]): unknown =>
  actions.map((action) => (action.children ? { [action.id]: ids(action.children) } : action.id));

describe('visibleActions', () => {
  it('drops hidden entries at every depth and keeps the order of the rest', () => {
    const actions: MenuAction[] = [
      { id: 'open', label: 'Open' },
      { id: 'secret', label: 'Secret', hidden: true },
      {
        id: 'data',
        label: 'Data',
        children: [
          { id: 'files', label: 'Files' },
          { id: 'statistics', label: 'Statistics', hidden: true },
        ],
      },
    ];
    expect(ids(visibleActions(actions))).toEqual(['open', { data: ['files'] }]);
  });

  it('drops a sub-menu whose entries are all hidden, and a hidden sub-menu whatever it holds', () => {
    const actions: MenuAction[] = [
      { id: 'empty', label: 'Empty', children: [{ id: 'a', label: 'A', hidden: true }] },
      { id: 'closed', label: 'Closed', hidden: true, children: [{ id: 'b', label: 'B' }] },
      { id: 'keep', label: 'Keep' },
    ];
    expect(ids(visibleActions(actions))).toEqual(['keep']);
  });
});
