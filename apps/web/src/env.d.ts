/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_BLOG_URL?: string;
  readonly VITE_ACCOUNT_URL?: string;
  readonly VITE_DOCS_URL?: string;
  readonly VITE_TUTORIALS_URL?: string;
}
