/**
 * The layer boundaries of docs/architecture.md, checked by `npm run lint:deps` (scripts/lint-deps.ts,
 * part of `npm test`). Paths are relative to the repository root and name no extension.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const REACT = '(^|node_modules/)(react|react-dom|@xstate/react)(/|$)'

module.exports = {
  forbidden: [
    {
      name: 'domain-not-http',
      severity: 'error',
      comment: 'Domain rules know nothing of HTTP: they refuse with DomainError (domain/errors.ts).',
      from: { path: '^src/server/domain/' },
      to: { path: '^src/server/http/' },
    },
    {
      name: 'db-is-the-bottom',
      severity: 'error',
      comment: 'db/ (connections, migrations, reset) imports no server layer above it; the demo seed is src/server/seed*.',
      from: { path: '^src/server/db/' },
      to: { path: '^src/server/(?!db/)' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server shares only the contract with the browser.',
      from: { path: '^src/server/' },
      to: { path: '^(src/web|machines)/' },
    },
    {
      name: 'machines-pure',
      severity: 'error',
      comment: 'Machines are pure: no React, no web code (wiring, API client, DOM helpers).',
      from: { path: '^machines/' },
      to: { path: [REACT, '^src/(web|server)/'] },
    },
    {
      name: 'views-not-api-client',
      severity: 'error',
      comment: 'Views render props and send events; the area wiring (src/web/wiring) calls the API.',
      from: { path: '^src/web/views/' },
      to: { path: '^src/web/api/client\\.' },
    },
    {
      name: 'ui-not-wiring',
      severity: 'error',
      comment: 'src/web/ui is the shared kit: the wiring uses it, never the other way.',
      from: { path: '^src/web/ui/' },
      to: { path: '^src/web/wiring/' },
    },
    {
      name: 'contract-alone',
      severity: 'error',
      comment: 'The contract is shared by server and browser and imports neither, nor the machines.',
      from: { path: '^src/contract/' },
      to: { path: '^(src/server|src/web|machines)/' },
    },
    {
      name: 'effect-by-module',
      severity: 'error',
      comment: "effect's index loads the whole library (some 250 modules) at the server's start: import its modules (effect/Schema, …).",
      from: { path: '^(src|machines)/' },
      to: { path: '(^|node_modules/)effect(/dist/index\\.js)?$' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'The import graph points one way.',
      from: {},
      to: { circular: true },
    },
  ],
}
