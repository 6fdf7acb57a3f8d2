import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { yourDataApi } from '@traffic/shared/contract/your-data';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { call, downloadFile } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-file.ts';

const exportKey = ['account-data-export'] as const;

/** GET account/data-export: the latest copy; read again every second while a job builds it. */
export function useDataExport() {
  return useQuery({
    queryKey: exportKey,
    queryFn: () => call(yourDataApi.exportStatus),
    refetchInterval: (query) => (query.state.data?.export?.status === 'building' ? 1000 : false),
  });
}

/** POST account/data-export: a new copy (ready at once for most accounts). */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(yourDataApi.requestExport),
    onSuccess: (copy) => queryClient.setQueryData(exportKey, { export: copy }),
  });
}

/** GET account/data-export/:id/file, saved by the browser under the server's name for it. */
export async function saveDataExport(id: string, createdAt: string): Promise<void> {
  saveBlob(await downloadFile(yourDataApi.downloadExport, { params: { id } }), `my-data-${createdAt.slice(0, 10)}.json`);
}

/** POST account/close. */
export function useCloseAccount() {
  return useMutation({ mutationFn: (body: BodyIn<typeof yourDataApi.closeAccount>) => call(yourDataApi.closeAccount, { body }) });
}
