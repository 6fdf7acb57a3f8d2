/*
 * The checks of the sign-in and registration forms, by the shared zod schemas, and the bodies they
 * send. The pages load this module (load-form-checks.ts) when a visitor first focuses or sends one of
 * their forms, not with the page: zod and the account schemas it builds were evaluated in the task
 * that hydrates /login and /register, a long task on a phone's CPU (docs/performance.md, run 14).
 */
import { firstMessage, loginBodySchema, registerBodySchema } from '@traffic/shared/schemas/accounts.schema';
import { twoFactorLoginBodySchema } from '@traffic/shared/schemas/security.schema';
import { MSG } from '@traffic/shared/messages';
import { detailFieldOf, type FormFailure } from '../../lib/form-resolver.ts';
import { toRegisterBody, type RegisterFormValues } from './register-form-model.ts';

export interface LoginValues {
  username: string;
  password: string;
}

export interface TwoFactorCodeValues {
  code: string;
}

/** The shared schema's first failure; the login page shows it in its one error line. */
export function checkLogin(values: LoginValues): FormFailure<LoginValues> | null {
  const parsed = loginBodySchema.safeParse(values);
  return parsed.success
    ? null
    : { field: parsed.error.issues[0]?.path[0] === 'password' ? 'password' : 'username', message: firstMessage(parsed.error) };
}

export const loginBody = (values: LoginValues) => loginBodySchema.parse(values);

export function checkTwoFactorCode(values: TwoFactorCodeValues): FormFailure<TwoFactorCodeValues> | null {
  const parsed = twoFactorLoginBodySchema.shape.code.safeParse(values.code);
  return parsed.success ? null : { field: 'code', message: firstMessage(parsed.error) };
}

export const twoFactorBody = (challenge: string, values: TwoFactorCodeValues) =>
  twoFactorLoginBodySchema.parse({ challenge, code: values.code });

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

export const registerBody = (values: RegisterFormValues) => registerBodySchema.parse(toRegisterBody(values));
