export interface WebServerOptions {
    /** TCP port; 0 picks a free one. */
    port: number;
    /** Interface to bind; default 127.0.0.1. */
    host?: string;
    /** Base URL of the B-Deals API, e.g. `http://127.0.0.1:4000`. */
    apiUrl: string;
    /** Directory served at `/media/`. */
    mediaDir: string;
    /** Output of `npm run build -w @b-deals/web`; default apps/web/build. */
    buildDir?: string;
}
export interface WebServer {
    /** Base URL the server listens on, e.g. `http://127.0.0.1:3000`. */
    url: string;
    /** Stops accepting connections and resolves once open ones are closed. */
    close(): Promise<void>;
}
/**
 * Starts the storefront server. Throws when `apiUrl` is not an absolute http(s) URL or the
 * server build is missing (run `npm run build -w @b-deals/web` first), or when the port
 * cannot be bound.
 */
export declare function createWebServer(opts: WebServerOptions): Promise<WebServer>;
