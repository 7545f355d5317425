import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './routes/RouteError';

// A page that throws while rendering, or whose code fails to load (a deploy replaced the bundles),
// shows RouteError instead of a blank screen; the next navigation tries again (decision 037: the
// data router's ErrorBoundary, kept without it).

/** Shows RouteError in place of its children once they throw. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** An ErrorBoundary that starts again on every new page (a page's own errors). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}
