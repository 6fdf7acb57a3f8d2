import { joinFullName } from '@traffic/shared/full-name';
import type { RegisterBody } from '@traffic/shared/schemas/accounts.schema';

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
