import { type ComponentType, createElement, lazy, useState } from 'react';

export interface LazyPage<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts loading the page's code (once); resolves when it is there. */
  preload(): Promise<unknown>;
}

/**
 * A page in its own chunk, like React.lazy, except that once its code is there (preloaded at boot,
 * app/boot.ts, or loaded by an earlier visit) it renders at once: no Suspense fallback committed first
 * and replaced a moment later, which rendered the page twice on every first load (decision 040).
 * Whether an instance renders the code directly or through React.lazy is fixed when it mounts, so a
 * page never remounts when its code arrives.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return pending;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level (app/pages.ts), like React.lazy.
  function Page(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Page, { preload });
}
