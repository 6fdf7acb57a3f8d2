/**
 * The generic error text in a module of its own: the app shell's error screen imports only this, so
 * the landing page's first JavaScript does not carry the whole message catalogue (messages.ts).
 */
export const GENERIC_ERROR = "Something went wrong... It's not you its us.";
