import { MSG } from '@traffic/shared/messages';
import { joinFullName, registerBodySchema, type RegisterBody } from '@traffic/shared/schemas/accounts.schema';
import { detailFieldOf, type FormFailure } from '../../lib/form-resolver.ts';

export interface RegisterFormValues {
  email: string;
  username: string;
  password: string;
  address: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  city: string;
  country: string;
  terms: boolean;
}

export const emptyRegisterForm: RegisterFormValues = {
  email: '',
  username: '',
  password: '',
  address: '',
  phoneNumber: '',
  firstName: '',
  lastName: '',
  city: '',
  country: '',
  terms: false,
};

export function toRegisterBody(values: RegisterFormValues): RegisterBody {
  return {
    email: values.email,
    username: values.username,
    password: values.password,
    address: values.address,
    phoneNumber: values.phoneNumber,
    fullName: joinFullName(values.firstName, values.lastName),
    city: values.city,
    country: values.country,
  };
}

/**
 * docs/product.md section 5, first failure only. The shared schema lists its fields in the product's order,
 * so its first issue is the one to show; the terms box is not part of the body and comes last.
 */
export function checkRegisterForm(values: RegisterFormValues): FormFailure<RegisterFormValues> | null {
  const parsed = registerBodySchema.safeParse(toRegisterBody(values));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue) {
      const key = issue.path[0];
      const field = key === 'email' || key === 'username' || key === 'password' ? key : detailFieldOf(key, issue.message);
      return { field: field ?? 'email', message: issue.message };
    }
  }
  if (!values.terms) return { field: 'terms', message: MSG.termsRequired };
  return null;
}
