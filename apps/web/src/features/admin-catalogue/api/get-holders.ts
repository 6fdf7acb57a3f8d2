import { useQuery } from '@tanstack/react-query';
import { catalogueApi } from '@traffic/shared/contract/catalogue';
import { call } from '../../../lib/api-client.ts';

export type CatalogueKind = 'package' | 'hits' | 'slots';

/** GET {packages|additional-hits|additional-slots}/{id}/holders: who deleting the item affects; asked when its dialog opens. */
export function useHoldersQuery(kind: CatalogueKind, id: string | null) {
  return useQuery({
    queryKey: ['admin', 'catalogue-holders', kind, id],
    queryFn: () => call(kind === 'package' ? catalogueApi.packages.holders : catalogueApi[kind].holders, { params: { id: id ?? '' } }),
    enabled: id !== null,
    staleTime: 0,
  });
}
