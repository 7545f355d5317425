import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { navigationKeepsScroll } from './browser-router';

// What the data router's <ScrollRestoration> did (decision 037): a new page starts at its top (or at
// its #hash), unless the navigation said `preventScrollReset` (the shop's filters); back and forward
// return to where that page was left.

const positions = new Map<string, number>();

export function ScrollManager() {
  const location = useLocation();
  const action = useNavigationType();
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    const key = location.key;
    if (action === 'POP' && positions.has(key)) {
      window.scrollTo(0, positions.get(key) ?? 0);
    } else if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) target.scrollIntoView();
      else if (!navigationKeepsScroll()) window.scrollTo(0, 0);
    } else if (action !== 'POP' && !navigationKeepsScroll()) {
      window.scrollTo(0, 0);
    }
    // Remembered when the page is left.
    return () => {
      positions.set(key, window.scrollY);
    };
  }, [location.key, location.hash, action]);
  return null;
}
