/** Minimal HTML for the sandboxes' pages: escaped text, no scripts (the CSP allows none inline). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sandboxPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#101418;color:#e8eaed;max-width:36rem;margin:3rem auto;padding:0 1rem}
.card{border:1px solid #2e3640;border-radius:12px;padding:1.5rem;background:#161b22}.badge{display:inline-block;background:#f59e0b;color:#111;border-radius:4px;padding:.1rem .5rem;font-size:.8rem;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#9aa4ae}button,a.button{font:inherit;border:0;border-radius:8px;padding:.7rem 1.4rem;cursor:pointer;text-decoration:none;display:inline-block}
.pay{background:#2e7d32;color:#fff}.cancel{background:#3a4450;color:#fff}.actions{display:flex;gap:1rem;margin-top:1.5rem}.error{color:#ff8a80}</style></head>
<body><p><span class="badge">SANDBOX</span></p>${body}</body></html>`;
}
