/**
 * The load context handed to every loader by the web server (server/app.ts): the API base URL
 * parsed once at start-up, so no loader reads `process.env` (DESIGN.md conventions).
 */
declare module 'react-router' {
  interface AppLoadContext {
    /** Base URL of the B-Deals API, e.g. `http://127.0.0.1:4000`. */
    apiUrl: string;
  }
}

export {};
