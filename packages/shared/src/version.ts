/** The version label the landing page shows (a module of its own: the landing page imports nothing else of constants.ts). */
export const VERSION_LABEL = 'V2.1.6';
