import type { ReactNode } from 'react';
import { SESSION_SCRIPT_ID, type SessionUser } from '../shared/session';
import type { PageAssets } from './assets';

/** JSON that is safe inside a <script> element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

interface DocumentProps {
  assets: PageAssets;
  nonce: string;
  user: SessionUser | null;
  children: ReactNode;
}

/** The HTML around the app. Only the contents of #root are hydrated; <title> and description are hoisted here by React. */
export function Document({ assets, nonce, user, children }: DocumentProps) {
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0e5a63" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
        <script type="application/json" id={SESSION_SCRIPT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonForScript(user) }} />
      </body>
    </html>
  );
}

/** Static page for a failed render: no scripts, no details of the error. */
export function errorPageHtml(status: number, title: string, text: string): string {
  return `<!doctype html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f7f3ee;color:#1d2b30}main{max-width:32rem;padding:2rem;text-align:center}a{color:#0e5a63}</style></head><body><main><p>Error ${status}</p><h1>${title}</h1><p>${text}</p><p><a href="/">Back to home</a></p></main></body></html>`;
}
