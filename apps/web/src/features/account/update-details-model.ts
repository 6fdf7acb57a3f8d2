import {
  joinFullName,
  splitFullName,
  updateDetailsBodySchema,
  type UpdateDetailsBody,
  type User,
} from '@traffic/shared/schemas/accounts.schema';
import { detailFieldOf, type FormFailure } from '../../lib/form-resolver.ts';

export interface UpdateDetailsValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  address: string;
  city: string;
  country: string;
}

/** Starts from whatever the account already holds, so only the missing parts need typing. */
export function initialDetails(user: User): UpdateDetailsValues {
  const { firstName, lastName } = splitFullName(user.fullName);
  return {
    firstName,
    lastName,
    phoneNumber: user.phoneNumber,
    address: user.address,
    city: user.city,
    country: user.country,
  };
}

export function toUpdateBody(values: UpdateDetailsValues): UpdateDetailsBody {
  return {
    address: values.address,
    phoneNumber: values.phoneNumber,
    fullName: joinFullName(values.firstName, values.lastName),
    city: values.city,
    country: values.country,
  };
}

/** docs/product.md section 5 "Update details": the shared schema's key order is the product's order. */
export function checkUpdateDetails(values: UpdateDetailsValues): FormFailure<UpdateDetailsValues> | null {
  const parsed = updateDetailsBodySchema.safeParse(toUpdateBody(values));
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (!issue) return null;
  return { field: detailFieldOf(issue.path[0], issue.message) ?? 'address', message: issue.message };
}
