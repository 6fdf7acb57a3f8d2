/** The body of both activation calls (SPEC.md section 7): `token` is the paid order's id. */
export interface ActivateAddonBody {
  additional_id: string;
  token: string;
  user_id: number | string;
  name: string;
  email: string;
}

interface AddonRef {
  type: string;
  count: number;
  name: string;
}

/** An activated add-on, as both calls answer it. */
export interface Activation {
  id: number;
  expiry_date: string;
  additional_hit?: AddonRef;
  additional_slot?: AddonRef;
}
