/** catalogue: packages and add-ons. Other modules look one up and present a package as the API does. */
export { findAddon, findPackage } from './catalogue.repository.ts';
export { packageJson, type PackageSource } from './package-fields.ts';
export { presentPackage } from './catalogue.presenter.ts';
