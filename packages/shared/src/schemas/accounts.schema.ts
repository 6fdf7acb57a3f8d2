import { z } from 'zod';
import './plain-words.ts';
import { ACCOUNT_LIMITS, MOBILE_LENGTH, PASSWORD_MIN_LENGTH, stripUsername } from '../constants.ts';
import { MSG } from '../messages.ts';
import { splitFullName } from '../full-name.ts';
import { packageSchema } from './catalogue.schema.ts';
import { websiteSchema } from './websites.schema.ts';

/**
 * Account contracts. The forms show only the first failure, in a fixed order (docs/product.md section 5);
 * zod reports issues in the order of an object's keys, so each shape lists its fields in that order
 * and `firstMessage` picks the one to show. The browser and the server use the same schemas.
 */

/** A standard address pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MAX_LENGTH = ACCOUNT_LIMITS.password;
const MAX_TEXT: number = ACCOUNT_LIMITS.text;

const trimmed = z.string().trim();
const required = (message: string, max = MAX_TEXT) =>
  z.string({ error: message }).trim().min(1, message).max(max, `This text is too long: at most ${max} characters.`);

export const emailField = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(ACCOUNT_LIMITS.email, MSG.invalidEmail)
  .regex(EMAIL_PATTERN, MSG.invalidEmail);

export const usernameField = z
  .string({ error: MSG.usernameRequired })
  .transform((v) => stripUsername(v).trim())
  .pipe(
    z.string().min(1, MSG.usernameRequired).max(ACCOUNT_LIMITS.username, `Username must be at most ${ACCOUNT_LIMITS.username} characters`),
  );

export const passwordField = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const mobileField = z
  .string({ error: MSG.mobileRequired })
  .trim()
  .min(1, MSG.mobileRequired)
  .min(MOBILE_LENGTH.min, MSG.mobileInvalid)
  .max(MOBILE_LENGTH.max, MSG.mobileInvalid)
  .regex(/^\+?\d+$/, MSG.mobileInvalid);

export { joinFullName, splitFullName } from '../full-name.ts';

const fullNameField = z
  .string({ error: MSG.firstNameRequired })
  .max(2 * MAX_TEXT + 1)
  .superRefine((value, ctx) => {
    const { firstName, lastName } = splitFullName(value);
    if (!firstName) ctx.addIssue({ code: 'custom', message: MSG.firstNameRequired });
    else if (!lastName) ctx.addIssue({ code: 'custom', message: MSG.lastNameRequired });
  });

/** The detail fields shared by registration and the update form, in the product's order. */
const detailFields = {
  address: required(MSG.addressRequired, ACCOUNT_LIMITS.address),
  phoneNumber: mobileField,
  fullName: fullNameField,
  city: required(MSG.cityRequired),
  country: required(MSG.countryRequired, ACCOUNT_LIMITS.country),
};

/** POST users. */
export const registerBodySchema = z
  .object({
    email: emailField,
    username: usernameField,
    password: passwordField,
    ...detailFields,
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.input<typeof registerBodySchema>;

/** PUT users/update/{email}. */
export const updateDetailsBodySchema = z.object(detailFields).meta({ id: 'UpdateDetailsBody' });
export type UpdateDetailsBody = z.input<typeof updateDetailsBodySchema>;

/** POST users/login: `username` is the email or the username. */
export const loginBodySchema = z
  .object({
    username: required('Enter your email or username', 254),
    password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Path parameter naming a user by email. */
export const emailParamsSchema = z.object({ email: trimmed.min(1).max(254) });

export const otpSendParamsSchema = z.object({
  email: z.string().trim().max(254).regex(EMAIL_PATTERN, MSG.otpSendFailed),
});

export const otpVerifyBodySchema = z
  .object({
    email: z.string({ error: MSG.otpVerifyFailed }).trim().max(254).regex(EMAIL_PATTERN, MSG.otpVerifyFailed),
    otp: z.string({ error: MSG.invalidOtp }).trim().min(1, MSG.invalidOtp).max(20, MSG.otpVerifyFailed),
  })
  .meta({ id: 'OtpVerifyBody' });

/** POST users/otp answers the single-use token that POST users/password needs. */
export const otpVerifiedSchema = z.object({ ok: z.literal(true), resetToken: z.string() }).meta({ id: 'OtpVerified' });
export type OtpVerified = z.infer<typeof otpVerifiedSchema>;

export const resetPasswordBodySchema = z
  .object({
    email: z.string({ error: MSG.invalidEmail }).trim().max(254).regex(EMAIL_PATTERN, MSG.invalidEmail),
    password: passwordField,
    resetToken: z
      .string({ error: 'Verify the code sent to your email first.' })
      .min(1, 'Verify the code sent to your email first.')
      .max(200, 'Verify the code sent to your email first.'),
  })
  .meta({ id: 'ResetPasswordBody' });

// ---- The user object (docs/product.md section 10, "Wire details") ----

const statsSchema = z.object({
  totalHits: z.number(),
  usedHits: z.number(),
  availableHits: z.number(),
  totalSlots: z.number(),
  usedSlots: z.number(),
  availableSlots: z.number(),
});
export type TypeStats = z.infer<typeof statsSchema>;

export const notificationSchema = z.object({ title: z.string(), body: z.string(), date: z.string() });

// The website's wire shape lives with the websites (websites.schema.ts); the user object lists them.
export { websiteSchema, websiteLocationSchema, type Website } from './websites.schema.ts';

const addonRef = z.object({ type: z.string(), count: z.number(), name: z.string() });
export const activatedHitSchema = z.object({ id: z.number(), expiry_date: z.string(), additional_hit: addonRef });
export const activatedSlotSchema = z.object({ id: z.number(), expiry_date: z.string(), additional_slot: addonRef });

export const userSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    username: z.string(),
    fullName: z.string(),
    address: z.string(),
    phoneNumber: z.string(),
    city: z.string(),
    country: z.string(),
    role: z.string(),
    status: z.string(),
    notifications: z.array(notificationSchema),
    websites: z.array(websiteSchema),
    activatedadditionalhits: z.array(activatedHitSchema),
    activatedadditionalslots: z.array(activatedSlotSchema),
    package: packageSchema.nullable(),
    subscription_expiry_date: z.string().nullable(),
    seo_package: packageSchema.nullable(),
    seo_subscription_expiry_date: z.string().nullable(),
    stats: z.object({ normal: statsSchema, seo: statsSchema }),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ token: z.string(), data: userSchema }).meta({ id: 'Session' });
export const userEnvelopeSchema = z.object({ data: userSchema });
export const okSchema = z.object({ ok: z.literal(true) });

/** The message to show for a failed parse: the first issue, as the forms show one failure at a time. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Please fill all required fields';
}
