import type { AdminSiteSettings, AdminSiteSettingsUpdate } from '@rebound/contract/launch';
import { API } from '@rebound/contract/routes';
import type { AdminTaxRegistration, AdminTaxRegistrationUpdate } from '@rebound/contract/tax-registration';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../lib/api-client';

export const settingsKey = ['admin', 'settings'] as const;

export function useSiteSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => getJson<AdminSiteSettings>(API.adminSettings, signal),
  });
}

export function useUpdateSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: AdminSiteSettingsUpdate) =>
      sendJson<AdminSiteSettings>('PUT', API.adminSettings, update),
    onSuccess: (settings) => {
      client.setQueryData(settingsKey, settings);
      // The store's staff banner reads the page's mark (the server sets it on the next page load).
      document.documentElement.dataset.locked = String(settings.locked);
    },
  });
}

export const taxRegistrationKey = ['admin', 'settings', 'tax-registration'] as const;

/** The seller's tax numbers receipts print: saved in Settings, configured on the server, in use. */
export function useTaxRegistration() {
  return useQuery({
    queryKey: taxRegistrationKey,
    queryFn: ({ signal }) => getJson<AdminTaxRegistration>(API.adminTaxRegistration, signal),
  });
}

export function useUpdateTaxRegistration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: AdminTaxRegistrationUpdate) =>
      sendJson<AdminTaxRegistration>('PUT', API.adminTaxRegistration, update),
    onSuccess: (numbers) => client.setQueryData(taxRegistrationKey, numbers),
  });
}
