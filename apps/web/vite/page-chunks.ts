import type { GetManualChunk, ManualChunkMeta, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * Rollup's manualChunks for the storefront's pages (decision 040).
 *
 * Left to itself, Rollup puts every module that two lazy chunks share into a chunk of its own for
 * that exact set of importers, which split the product page into ~20 files (each lucide icon used
 * by another lazy chunk too became a ~300-byte file of its own). Each costs a request and, on the
 * slow 4G of a phone, a share of the connection, and none can start before the page's chunk names it.
 *
 * Here each page's code (what its route module imports statically, less what the main bundle already
 * has) goes to one chunk per page, `page-<name>`; a module that several of these pages use goes to one
 * chunk per set of pages that use it (`pages-<a>-<b>`), so a page still loads only code it runs. The
 * rest (the lazily loaded parts of a page, other routes) is left to Rollup. Another lazy chunk that
 * imports one of these modules imports the page's chunk instead (the quick view, for instance, uses
 * the product page's auction box).
 *
 * Rollup moves a manual chunk's dependencies into it unless they belong to another manual chunk, so
 * what the entries load statically is named too: `main` (the app's entry, index.html) and `entries`
 * (what the launch page's entry shares with it), exactly what Rollup would have made of them.
 */
export function pageChunks(options: {
  /** The entry modules (absolute paths): the app's (index.html) and the others (launch.html). */
  main: string;
  otherEntries: readonly string[];
  /** The pages' route modules (absolute paths), by short name. */
  pages: Record<string, string>;
}): GetManualChunk {
  let chunkOf: Map<string, string> | null = null;
  return (id: string, meta: ManualChunkMeta) => {
    chunkOf ??= assignPageChunks(
      options,
      (moduleId) => meta.getModuleInfo(moduleId)?.importedIds ?? [],
      (moduleId) => meta.getModuleInfo(moduleId)?.code?.length ?? 0,
    );
    return chunkOf.get(id);
  };
}

/**
 * A chunk for a set of pages smaller than this (characters of code before minifying, about a few
 * hundred bytes gzip: an icon or two) joins the one every page loads (`pages-shared`) instead: a few wasted bytes on
 * the pages that do not use it cost less than one more request on each page that does.
 */
export const SMALL_SHARED_CHUNK = 3_000;

/** The chunk of every module the entries and pages load (pure: given the static import graph). */
export function assignPageChunks(
  options: { main: string; otherEntries: readonly string[]; pages: Record<string, string> },
  staticImportsOf: (id: string) => readonly string[],
  sizeOf: (id: string) => number = () => 0,
): Map<string, string> {
  const chunkOf = new Map<string, string>();
  const inMain = staticClosure(options.main, staticImportsOf, new Set());
  const inOthers = new Set(
    options.otherEntries.flatMap((e) => [...staticClosure(e, staticImportsOf, new Set())]),
  );
  for (const id of inMain) chunkOf.set(id, inOthers.has(id) ? 'entries' : 'main');
  const usedBy = new Map<string, string[]>();
  for (const [name, entry] of Object.entries(options.pages)) {
    for (const id of staticClosure(entry, staticImportsOf, inMain)) {
      const pages = usedBy.get(id) ?? [];
      pages.push(name);
      usedBy.set(id, pages);
    }
  }
  const named = new Map<string, string>();
  const size = new Map<string, number>();
  const pageCount = Object.keys(options.pages).length;
  for (const [id, pages] of usedBy) {
    const name =
      pages.length === 1
        ? `page-${pages[0]}`
        : pages.length === pageCount
          ? 'pages-shared'
          : `pages-${[...pages].sort().join('-')}`;
    named.set(id, name);
    size.set(name, (size.get(name) ?? 0) + sizeOf(id));
  }
  for (const [id, name] of named) {
    const small = name.startsWith('pages-') && (size.get(name) ?? 0) < SMALL_SHARED_CHUNK;
    chunkOf.set(id, small ? 'pages-shared' : name);
  }
  return chunkOf;
}

/** `start` and every module it reaches through static imports, not entering `stop`. */
function staticClosure(
  start: string,
  staticImportsOf: (id: string) => readonly string[],
  stop: ReadonlySet<string>,
): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || stop.has(id)) continue;
    seen.add(id);
    queue.push(...staticImportsOf(id));
  }
  return seen;
}

/** What `.vite/page-chunks.json` holds: per page, the scripts it needs beyond the main entry's. */
export type PageScripts = Record<string, string[]>;

/**
 * Writes `.vite/page-chunks.json` into the build: for each page of `pages`, the address of every
 * script its route module needs (its chunk and the chunks that chunk imports statically) that the
 * app's entry does not already load. The server names them in the page's HTML (modulepreload:
 * apps/server/src/modules/web), so they download alongside the main script instead of after it.
 */
export function pageScriptsManifest(options: { main: string; pages: Record<string, string> }): Plugin {
  return {
    name: 'rebound:page-scripts-manifest',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const chunkWith = (moduleId: string) => chunks.find((c) => c.moduleIds.includes(moduleId));
      const closure = (start: OutputChunk) => {
        const seen = new Set<string>();
        const queue = [start.fileName];
        while (queue.length > 0) {
          const file = queue.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          queue.push(...(byFile.get(file)?.imports ?? []));
        }
        return seen;
      };
      const main = chunkWith(options.main);
      if (!main) return;
      const loaded = closure(main);
      const scripts: PageScripts = {};
      for (const [name, entry] of Object.entries(options.pages)) {
        const chunk = chunkWith(entry);
        if (!chunk) continue;
        scripts[name] = [...closure(chunk)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/page-chunks.json',
        source: `${JSON.stringify(scripts, null, 2)}\n`,
      });
    },
  };
}
