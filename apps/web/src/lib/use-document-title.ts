import { useEffect } from 'react';
import { BRAND } from './site';

/** Sets `document.title` to '{title} | Rebound' while the calling page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND}` : BRAND;
  }, [title]);
}
