import { describe, expect, it } from 'vitest';
import { ChangeListeners } from './change-listeners.ts';

describe('ChangeListeners', () => {
  it('calls every listener at once, in the order they subscribed, and resolves when the slow ones are done', async () => {
    const changes = new ChangeListeners<number>();
    const heard: string[] = [];
    let finish = () => {};
    changes.subscribe((id) => {
      heard.push(`first ${id}`);
    });
    changes.subscribe(
      (id) =>
        new Promise<void>((resolve) => {
          heard.push(`second ${id}`);
          finish = () => {
            heard.push('second done');
            resolve();
          };
        }),
    );
    const published = changes.publish(7);
    expect(heard).toEqual(['first 7', 'second 7']);
    finish();
    await published;
    expect(heard).toEqual(['first 7', 'second 7', 'second done']);
  });

  it('stops telling a listener once it unsubscribes; the same function subscribed twice is heard twice', async () => {
    const changes = new ChangeListeners<string>();
    const heard: string[] = [];
    const listener = (change: string) => {
      heard.push(change);
    };
    const unsubscribe = changes.subscribe(listener);
    changes.subscribe(listener);
    await changes.publish('a');
    unsubscribe();
    await changes.publish('b');
    expect(heard).toEqual(['a', 'a', 'b']);
  });

  it('lets a listener that throws at once throw to the publisher, as a direct call would', () => {
    const changes = new ChangeListeners<number>();
    changes.subscribe(() => {
      throw new Error('refused');
    });
    expect(() => changes.publish(1)).toThrow('refused');
  });
});
