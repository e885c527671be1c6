/**
 * Imported first by the storefront's entry (main.ts), before anything that loads React, React
 * Router or Express: they choose their code paths once, from `NODE_ENV`, when first loaded. The
 * storefront only ever serves a production build (`npm run build`), so unless the environment
 * says otherwise it renders with React's production server build. React's development build
 * adds prop validation, owner stacks and warnings to every element and costs about twice the
 * CPU per page (issue 12 §3; measured with `npm run bench:web`). The API's own NODE_ENV (which
 * also decides which secrets it insists on, apps/api/src/env.ts) is not touched: the storefront
 * is its own process.
 */
process.env.NODE_ENV ??= 'production';

export {};
