/**
 * shapes: how a website and an activation look in the API, read once in SQL (the field lists) and
 * presented once. Several modules answer them (the user object in accounts, websites, payments,
 * admin), so they sit below all of them.
 */
export { activationJson, type ActivationJson } from './activation-fields.ts';
export { presentActivation } from './activation.presenter.ts';
export { websiteCountryCodes, websiteJson, type WebsiteSource } from './website-fields.ts';
export { presentWebsite } from './website.presenter.ts';
