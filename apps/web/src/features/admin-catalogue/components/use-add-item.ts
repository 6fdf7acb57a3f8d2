import { useState } from 'react';
import { notify } from '../../../shell/toast.ts';
import { serverReason } from '../server-reason.ts';

/** What adding needs of the mutation that creates the item (a TanStack Query mutation). */
interface CreateMutation<Body> {
  mutate: (body: Body, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}

/**
 * An add form's save: the product's toast either way, the form cleared (`clear`) after a success,
 * and the server's reason for a refusal kept under the form until the next try.
 */
export function useAddItem<Body>(create: CreateMutation<Body>, toasts: { added: string; failed: string }, clear: () => void) {
  const [refusal, setRefusal] = useState<string | null>(null);
  function add(body: Body) {
    setRefusal(null);
    create.mutate(body, {
      onSuccess: () => {
        notify.success(toasts.added);
        clear();
      },
      onError: (error) => {
        notify.error(toasts.failed);
        setRefusal(serverReason(error));
      },
    });
  }
  return { refusal, add };
}
