import { schema } from '@traffic/db';
import { rowJson } from '../../lib/sql-json.ts';

/** The activated add-on fields every answer is built from (activation.presenter.ts and the admin's package details). */
export const ACTIVATION_FIELDS = ['id', 'kind', 'type', 'name', 'count', 'expiresAt'] as const;

/** An activated add-on as the JSON aggregates carry it (the end as an ISO string). */
export interface ActivationJson {
  id: number;
  kind: 'hits' | 'slots';
  type: string;
  name: string;
  count: number;
  expiresAt: string;
}

/** An activated add-on row as JSON with those fields. */
export const activationJson = (alias: string) => rowJson(schema.activatedAddons, ACTIVATION_FIELDS, alias);
