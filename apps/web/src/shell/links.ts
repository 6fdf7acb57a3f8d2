import { readExternalLinks } from './read-external-links.ts';

/** External sites (blog, My Account, Documentation, video tutorials); the one place the app reads their URLs. */
export const externalLinks = readExternalLinks(import.meta.env);
