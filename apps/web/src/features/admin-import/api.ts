import type { ImportList, ImportRowsPage, ImportSummary } from '@rebound/contract/admin-import';
import { API } from '@rebound/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ListState, listQueryString } from '../../components/admin/use-list-state';
import { getJson, sendJson } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload';

export const importKeys = {
  all: ['admin', 'imports'] as const,
  list: (qs: string) => ['admin', 'imports', 'list', qs] as const,
  one: (id: string) => ['admin', 'imports', 'one', id] as const,
  rows: (id: string, qs: string) => ['admin', 'imports', 'rows', id, qs] as const,
};

/** How often the page asks how far an import has got. */
export const IMPORT_POLL_MS = 1_000;

export function useImportList(state: ListState) {
  const qs = listQueryString(state);
  return useQuery({
    queryKey: importKeys.list(qs),
    queryFn: ({ signal }) => getJson<ImportList>(`${API.adminImports}?${qs}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** One import; polled while it is importing, so the progress bar moves. */
export function useImport(id: string) {
  return useQuery({
    queryKey: importKeys.one(id),
    queryFn: ({ signal }) => getJson<ImportSummary>(API.adminImport(id), signal),
    refetchInterval: (q) => (q.state.data?.status === 'importing' ? IMPORT_POLL_MS : false),
  });
}

export function useImportRows(
  id: string,
  page: number,
  pageSize: number,
  onlyErrors: boolean,
  version: string,
) {
  const qs = `page=${page}&pageSize=${pageSize}&filter=${onlyErrors ? 'errors' : 'all'}`;
  return useQuery({
    // `version` (status and counters) refreshes the rows when the import moves on.
    queryKey: [...importKeys.rows(id, qs), version],
    queryFn: ({ signal }) => getJson<ImportRowsPage>(`${API.adminImportRows(id)}?${qs}`, signal),
    placeholderData: keepPreviousData,
  });
}

function useImportWrite(write: (id: string) => Promise<ImportSummary>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (summary) => {
      client.setQueryData(importKeys.one(summary.id), summary);
      void client.invalidateQueries({ queryKey: [...importKeys.all, 'list'] });
    },
  });
}

export function useStartImport() {
  return useImportWrite((id) => sendJson<ImportSummary>('POST', API.adminImportStart(id)));
}

export function useDiscardImport() {
  return useImportWrite((id) => sendJson<ImportSummary>('POST', API.adminImportDiscard(id)));
}

/** Uploads the CSV and its photos as multipart with progress (0-1). */
function uploadManifest(csv: File, images: File[], onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('csv', csv, csv.name);
  for (const file of images) form.append('images', file, file.name);
  return uploadWithProgress<ImportSummary>(API.adminImports, form, onProgress);
}

export function useUploadManifest(onProgress: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, images }: { csv: File; images: File[] }) => uploadManifest(csv, images, onProgress),
    onSuccess: (summary) => {
      client.setQueryData(importKeys.one(summary.id), summary);
      void client.invalidateQueries({ queryKey: [...importKeys.all, 'list'] });
    },
  });
}
