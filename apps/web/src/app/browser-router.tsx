import { type ReactNode, startTransition, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type NavigateOptions,
  type Navigator,
  Router,
} from 'react-router';

// The app's router (decision 037): react-router's declarative <Router> over the browser's history,
// instead of the data router (createBrowserRouter), whose loaders, actions and fetchers this app
// does not use and which cost 18 KB gzip of the first bundle. What the data router gave, kept here:
// navigations render in a transition (the old page stays until the new one's code is there), except
// `navigate(to, { flushSync: true })`, rendered at once; and `preventScrollReset` for ScrollManager.

const history = createBrowserHistory({ v5Compat: true });

let pending: { flushSync?: boolean; preventScrollReset?: boolean } = {};

/** Whether the navigation being rendered asked to keep the scroll position (ScrollManager reads it). */
let keepScroll = false;
export function navigationKeepsScroll(): boolean {
  return keepScroll;
}

function withOptions(go: typeof history.push) {
  return (to: Parameters<typeof history.push>[0], state?: unknown, opts?: NavigateOptions) => {
    pending = { flushSync: opts?.flushSync, preventScrollReset: opts?.preventScrollReset };
    go(to, state);
  };
}

const navigator: Navigator = {
  createHref: history.createHref,
  createURL: history.createURL,
  encodeLocation: history.encodeLocation,
  go: history.go,
  push: withOptions(history.push),
  replace: withOptions(history.replace),
};

export function AppRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const opts = pending;
        pending = {};
        const apply = () => {
          keepScroll = opts.preventScrollReset === true;
          setState({ action, location });
        };
        if (opts.flushSync) flushSync(apply);
        else startTransition(apply);
      }),
    [],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
