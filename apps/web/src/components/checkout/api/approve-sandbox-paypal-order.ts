import { sandboxApi, segment } from '../../../lib/api-client.ts';

export interface SandboxApproval {
  id: string;
  status: 'APPROVED';
}

/** POST /sandbox/paypal/orders/:id/approve: the buyer's approval, which PayPal's own window gives in live mode. */
export function approveSandboxPaypalOrder(paypalOrderId: string): Promise<SandboxApproval> {
  return sandboxApi.post<SandboxApproval>(`/paypal/orders/${segment(paypalOrderId)}/approve`);
}
