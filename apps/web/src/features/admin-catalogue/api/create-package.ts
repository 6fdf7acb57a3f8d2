import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueApi } from '@traffic/shared/contract/catalogue';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The body carries an `id` for compatibility; the server builds its own from the name. */
export type CreatePackageBody = BodyIn<typeof catalogueApi.packages.create>;

/** POST packages: 201 with the package; 409 when its id exists. */
export function createPackage(body: CreatePackageBody) {
  return call(catalogueApi.packages.create, { body });
}

export function useCreatePackageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.packages }),
  });
}
