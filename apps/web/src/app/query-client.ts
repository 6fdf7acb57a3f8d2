import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Catalogue and account data change rarely; refetching on every focus only adds load.
      queries: { staleTime: 30_000, refetchOnWindowFocus: false },
    },
  });
}
