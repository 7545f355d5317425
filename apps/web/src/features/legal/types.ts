import type { ReactNode } from 'react';

/** One numbered section of a policy page; `id` is its in-page anchor. */
export type LegalSection = {
  id: string;
  title: string;
  content: ReactNode;
};
