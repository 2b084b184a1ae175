type ChangeListener<T> = (change: T) => void | Promise<void>;

/** What a module shows of its changes to the modules built after it: they subscribe. */
export interface Changes<T> {
  /** Returns the unsubscribe. */
  subscribe(listener: ChangeListener<T>): () => void;
}

/**
 * One kind of change a module reports without knowing who listens, so the listening module is built after it
 * and takes it as a dependency (createModules, app.ts builds modules in dependency order). Listeners are called
 * at once, in the order they subscribed; `publish` resolves when the asynchronous ones are done.
 */
export class ChangeListeners<T> implements Changes<T> {
  readonly #listeners = new Set<ChangeListener<T>>();

  subscribe(listener: ChangeListener<T>): () => void {
    // A wrapper per subscription, so the same function subscribed twice is two subscriptions.
    const entry: ChangeListener<T> = (change) => listener(change);
    this.#listeners.add(entry);
    return () => this.#listeners.delete(entry);
  }

  publish(change: T): Promise<void> {
    const pending = [...this.#listeners].map((listener) => listener(change));
    return Promise.all(pending).then(() => undefined);
  }
}
