import type { BodyIn } from '@traffic/shared/contract/endpoint';
import type { paymentsApi } from '@traffic/shared/contract/payments';

/** The body of both activation calls: `token` is the paid order's id. */
export type ActivateAddonBody = BodyIn<typeof paymentsApi.hits.activate>;

export type { Activation } from '@traffic/shared/schemas/payments.schema';
