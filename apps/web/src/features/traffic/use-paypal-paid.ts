import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '@traffic/shared/messages';
import type { CaptureResult } from '@traffic/shared/schemas/payments.schema';
import { paths } from '../../shell/paths.ts';
import { useSignedInUser } from '../../shell/session/index.ts';
import { notify } from '../../shell/toast.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** docs/product.md section 8, "PayPal success": the toast, a fresh user (the add-on is already granted), then /home. */
export function usePaypalPaid() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { email } = useSignedInUser();
  return useCallback(
    async (result: CaptureResult) => {
      notify.success(MSG.paypalSuccess);
      if (result.status === 'PENDING') notify.info(result.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.current(email) });
      void navigate(paths.home());
    },
    [navigate, queryClient, email],
  );
}
