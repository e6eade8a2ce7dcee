import type { AppEvent } from '../../contract/events';

/** Main-to-renderer events: services emit, each transport forwards to its renderers. */
export type EventHub = {
  emit(event: AppEvent): void;
  subscribe(listener: (event: AppEvent) => void): () => void;
};

export function createEventHub(): EventHub {
  const listeners = new Set<(event: AppEvent) => void>();
  return {
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // One broken subscriber must not stop the others.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
