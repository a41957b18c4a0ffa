import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query cache, created on first use. Server data is needed only behind the sign-in, so
 * TanStack Query stays out of the bundle of the public screens: the signed-in layout and the session
 * machine's current-user load import this module.
 */

export interface QueryClientBox {
  client?: QueryClient;
}

const FIVE_MINUTES = 5 * 60 * 1000;

export function ensureQueryClient(box: QueryClientBox): QueryClient {
  if (!box.client) {
    box.client = new QueryClient({
      // The machines retry (visibly, bounded) and time out; a query fails at once, offline too, and is
      // fetched again when the network comes back.
      defaultOptions: {
        queries: { gcTime: FIVE_MINUTES, refetchOnWindowFocus: false, retry: false, networkMode: 'always' },
      },
    });
  }
  return box.client;
}
