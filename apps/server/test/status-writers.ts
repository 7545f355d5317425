// Writes of products.status and auctions.status in a folder's TypeScript files (tests left out), so
// status-writers.test.ts can fail when one appears outside the owning module's writer
// (docs/decisions/085-statuses-with-one-owner.md). Two shapes are found: a Drizzle update of the
// table whose `.set({ ... })` names `status`, and raw SQL `update <table> [alias] set ... status =`
// before its `from` / `where`. A generic helper that takes its columns as a value (`.set(values)`)
// is kept from setting the status by its type instead (Omit<..., 'status'>).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { sourceFiles } from './source-files';

export type StatusTable = 'products' | 'auctions';

export interface StatusWrite {
  /** The file, relative to the folder searched, with forward slashes. */
  file: string;
  line: number;
  table: StatusTable;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The status writes in one file's text. */
export function statusWritesIn(file: string, text: string): StatusWrite[] {
  const found: StatusWrite[] = [];
  // Drizzle: .update(products) ... .set({ ... status ... }) up to the statement's where/returning/end.
  for (const m of text.matchAll(/\.update\(\s*(products|auctions)\s*\)/g)) {
    const rest = text.slice(m.index + m[0].length);
    const end = rest.search(/\.where\(|\.returning\(|;/);
    const statement = end === -1 ? rest : rest.slice(0, end);
    if (/\bstatus\s*:/.test(statement)) {
      found.push({ file, line: lineOf(text, m.index), table: m[1] as StatusTable });
    }
  }
  // Raw SQL: update products [p] set ... status = ... (before from / where / the text's end).
  for (const m of text.matchAll(/\bupdate\s+(products|auctions)\b(?:\s+(?!set\b)\w+)?\s+set\b/gi)) {
    const rest = text.slice(m.index + m[0].length);
    const end = rest.search(/\bfrom\b|\bwhere\b|`/i);
    const assignments = end === -1 ? rest : rest.slice(0, end);
    if (/(^|[\s,])(\w+\.)?status\s*=/i.test(assignments)) {
      found.push({ file, line: lineOf(text, m.index), table: m[1]!.toLowerCase() as StatusTable });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Every status write under `root`. */
export function statusWrites(root: string): StatusWrite[] {
  return sourceFiles(root).flatMap((path) =>
    statusWritesIn(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8')),
  );
}
