/**
 * Every user-visible text of docs/product.md, word for word (odd spellings included: customers' scripts
 * match on them). Forms, toasts and the API all take their wording from here.
 */
import { GENERIC_ERROR } from './generic-error.ts';

export { GENERIC_ERROR };

export const MSG = {
  // Register / update details (docs/product.md section 5)
  emailRequired: 'Enter a email!',
  usernameRequired: 'Enter a username!',
  passwordRequired: 'Enter a password!',
  addressRequired: 'Enter an address!',
  mobileRequired: 'Mobile number cannot be empty !',
  mobileInvalid: 'invalid mobile number !',
  firstNameRequired: 'First Name cannot be empty !',
  lastNameRequired: 'Last Name cannot be empty !',
  cityRequired: 'City cannot be empty !',
  countryRequired: 'Country cannot be empty !',
  termsRequired: 'Please Agree Terms and Conditions to Continue!',
  invalidEmail: 'Invalid Email',

  // Forgot password
  invalidOtp: 'Invalid OTP',
  passwordsDoNotMatch: 'Passwords do not match',
  otpSendFailed: 'Email Invalid',
  otpVerifyFailed: 'OTP Invalid',

  // Website add / edit
  invalidUrl: 'Enter Valid URL',
  fillTheFields: 'Please fill the fields',
  selectCountry: 'Select atleast one country',
  fillRequired: 'Please fill all required fields',
  keywordLimit: 'Only 5 keywords allowed!',
  keywordPlaceholder: 'Enter One Keyword',
  noEmptySlots: 'This package has no empty slots',
  limitReached: 'You have reached the hit/slot limit. Purchase more to continue.',
  accountDeactivated: 'Your account is deactivated.Purchase a pacakge to access functionality.',
  subscriptionExpired: 'Your current subscription have expired, please purchase a new one to continue using the product services.',
  submitting: 'Submmiting',
  submittingBody: 'Please wait while your website is submitted. This may take some time.',
  websiteCreateFailed: 'Something went wrong! Website was not created! Please try again later.',
  websiteEditFailed: 'Something went wrong! Website was not edited! Please try again later.',
  websitePauseFailed: 'Something went wrong! Website was not paused! Please try again later.',
  websiteDeleteFailed: 'Something went wrong! Website was not deleted! Please try again later.',
  websiteAdded: 'The website was added successfully',
  websiteEdited: 'The website was edit successfully',
  websitePaused: 'The website was paused successfully',
  websiteActivated: 'The website was activated successfully',
  websiteUpdated: 'The website was updated successfully',
  websiteDeleted: 'The website was deleted successfully',

  // Purchases
  packagePurchaseFailed: 'Something went wrong! Package not purchased! Please contact support.',
  hitsPurchaseFailed: 'Something went wrong! Additional Hits not purchased! Please contact support.',
  slotsPurchaseFailed: 'Something went wrong! Additional Slots not purchased! Please contact support.',
  purchaseSuccess: 'The was purchased successfully.',
  purchaseCancelled: 'Purchase cancelled',
  paypalSuccess: 'Payment success, Subscription will be updated within 5 minutes',

  // Admin
  userStatusChanged: 'User account activated or deactivated successfully',
  userActivateFailed: 'Something went wrong! User was not activated! Please try again later.',
  userDeactivateFailed: 'Something went wrong! User was not deactivated! Please try again later.',
  fillAllFields: 'Please fill all fields',
  slotPackageAdded: 'New slot pacakge added successfully',
  slotPackageAddFailed: 'Something went wrong! Slot Package not added! Please try again later.',
  hitPackageAdded: 'New hit pacakge added successfully',
  hitPackageAddFailed: 'Something went wrong! Hits Package not added! Please try again later.',
  addonDeleted: 'The pacakge was deleted successfully',
  addonDeleteFailed: 'Something went wrong! Pacakge was not deleted! Please try again later.',
  deleteCancelled: 'Package delete cancelled by user',
  confirmTitle: 'Confirm to submit',
  confirmBody: 'Are you sure to do this.',
  grantSuccess: 'The was added successfully',
  grantFailed: 'Something went wrong! Package not added! Please contact support.',
  packageEditFailed: 'Something went wrong! Package not edited!',
  packageDeleteFailed: 'Something went wrong! Package not deleted!',
  notificationSentTitle: 'Success',
  notificationSent: 'Notification sent successfully',
  notificationFailedTitle: 'Failed',
  notificationFailed: 'Notification sending failed',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  sendOptionRequired: 'Send option is required',
  selectParticipants: 'Please Select Participants',

  // Support
  supportSent: 'Support request sent successfully!',
  supportFailed: 'Support request not sent! Please Try again shortly!',
  supportWait: 'Please wait while your support request is sent!',

  // Shell and pages
  updateDetailsPopup: 'Please Update your Details',
  updateDetailsHeading: 'Please update your Details to continue',
  detailsUpdateTitle: 'Details Update',
  detailsUpdateConfirm: 'Click OK to update your details and Login Again !',
  pricingTitle: 'Choose the best Pricing plan for you',
  genericError: GENERIC_ERROR,
  registerNow: 'New to the site? Register Now!',

  // Server-side rules of docs/product.md section 10 (shown as the server's message)
  emailTaken: 'Email already registered',
  usernameTaken: 'Username already taken',
  /** A DEACTIVATED account's order (409) and the screens that offer it no checkout: a purchase does not lift the hold. */
  purchasesClosedDeactivated: 'Your account is deactivated, so purchases are closed. Please contact support to have it activated again.',
  /** A NUL byte (U+0000) in any text: PostgreSQL cannot store it, and no form can type it. */
  characterNotAllowed: 'The text contains a character that is not allowed.',
} as const;

export type MessageKey = keyof typeof MSG;
