// Dependency rules of BEC (docs/conventions.md, Dependency rules; docs/architecture.md), checked in CI by
// `npm run deps:check` (dependency-cruiser 17). Paths are relative to the repository root and
// match the resolved file, so `./x.js` imports of `x.ts` and `@bec/contracts` (a workspace
// symlink, resolved to packages/contracts/src) are checked where they really land.

const fs = require('node:fs');
const path = require('node:path');

// The web app imports `@/…` through `paths` in apps/web/tsconfig.json. dependency-cruiser reads
// one tsconfig, and maps `paths` from the folder it runs in (the repository root) unless that
// tsconfig sets `baseUrl`, which the web one rightly leaves out (TypeScript no longer needs it). So
// it reads a generated two-line tsconfig that extends the web one and pins `baseUrl` to apps/web:
// the alias keeps a single definition. (TypeScript's NodeNext `./x.js` -> `./x.ts` needs nothing.)
const tsConfigFile = path.join(__dirname, 'node_modules/.cache/dependency-cruiser/tsconfig.json');
const webDir = path.relative(path.dirname(tsConfigFile), path.join(__dirname, 'apps/web'));
fs.mkdirSync(path.dirname(tsConfigFile), { recursive: true });
fs.writeFileSync(
  tsConfigFile,
  `${JSON.stringify({ extends: `${webDir}/tsconfig.json`, compilerOptions: { baseUrl: webDir } }, null, 2)}\n`,
);

/**
 * Test code: `*.test.ts(x)` beside the code, the API's `test/` folder, the web's `testing/`, and
 * the test tools shared with the journeys and the bench (packages/testkit).
 */
const TEST_FILES = '\\.test\\.tsx?$|^apps/[^/]+/test/|^apps/web/src/testing/|^packages/testkit/';

/** The tools beside the apps: the browser journeys, their Playwright config, the bench. */
const TOOLS = '^(bench|e2e)/|^playwright\\.config\\.ts$';

/** The API's one declared entry for those tools ("@bec/api/tools" in apps/api/package.json). */
const API_TOOLS_ENTRY = '^apps/api/src/tools-entry\\.ts$';

/** Every kind of npm dependency, declared or not. */
const NPM = [
  'npm',
  'npm-dev',
  'npm-optional',
  'npm-peer',
  'npm-bundled',
  'npm-no-pkg',
  'npm-unknown',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    /* ---------------------------------------------------------------- contracts */
    {
      name: 'contracts-not-to-apps',
      comment:
        'packages/contracts is shared by the API and the web app, so it must not know either of them.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'contracts-no-node-core',
      comment:
        'packages/contracts also runs in the browser: no Node core modules (node:fs, node:path, ...).',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contracts-only-zod',
      comment:
        'packages/contracts imports zod, its one dependency, and no other npm package: no React, no Drizzle, no Fastify.',
      severity: 'error',
      from: { path: '^packages/contracts/', pathNot: TEST_FILES },
      to: { dependencyTypes: NPM, pathNot: '^node_modules/zod/' },
    },
    {
      name: 'contracts-tests-only-zod-and-vitest',
      comment:
        'Tests of packages/contracts may use vitest on top of zod, and nothing else from npm.',
      severity: 'error',
      from: { path: '^packages/contracts/.+\\.test\\.ts$' },
      to: { dependencyTypes: NPM, pathNot: '^node_modules/(zod|vitest|@vitest/[^/]+)/' },
    },

    /* ---------------------------------------------------------------- api <-> web */
    {
      name: 'web-not-to-api',
      comment:
        'apps/web talks to apps/api over HTTP only, with the shapes from @bec/contracts; it never imports API code.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'api-not-to-web',
      comment:
        'apps/api never imports web code; shared shapes belong in packages/contracts (the API only serves the built files of apps/web/dist).',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },

    /* ---------------------------------------------------------------- web: app -> features -> shared */
    // The shared web layer (ADR 029) is components/, lib/ and config/: features and app/ import
    // it freely; it imports no feature and not app/. app/ (the route files) may import both.
    // entities/ (ADR 064) sits between: on the shared layer, under the features.
    {
      name: 'web-feature-not-to-other-feature',
      comment:
        'A feature never imports another feature: move what both need to the shared layer (components/ or lib/, ADR 029), and put features together in app/ (the route files).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-not-to-features-or-app',
      comment:
        'The shared web layer (components/, lib/, config/; ADR 029) and the test helpers (testing/) are used by features and app/, never the other way round.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|config|testing)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-shared-not-to-entities',
      comment:
        'The shared web layer (components/, lib/, config/) knows no endpoint and no domain: the entities (entities/: reference data, members, properties, the offline queue, uploads; ADR 064) build on it, not the other way round.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|config)/' },
      to: { path: '^apps/web/src/entities/' },
    },
    {
      name: 'web-entities-not-to-features-or-app',
      comment:
        'entities/ (ADR 064) holds what several features share about properties, visits, members and reference data: features and app/ import it; it imports only the shared layer (components/, lib/, config/, i18n/) and @bec/contracts, never a feature or app/.',
      severity: 'error',
      from: { path: '^apps/web/src/entities/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-not-to-app',
      comment:
        'Web imports flow app/ -> features/ -> shared; a feature never imports the app shell or the route files.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-oidc-client-loaded-lazily',
      comment:
        'oidc-client-ts (~17 kB gzip) is loaded by identity-provider.ts with import() when the app starts talking to the provider; a static value import anywhere else puts it in the first-load bundle. Import its types with `import type`.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: TEST_FILES },
      to: {
        path: '^node_modules/oidc-client-ts/',
        dependencyTypesNot: ['type-only', 'dynamic-import'],
      },
    },

    /* ---------------------------------------------------------------- api: modules -> plugins/app -> plugins/external */
    {
      name: 'api-plugins-not-to-modules',
      comment:
        'Plugins are the layer below the modules: a plugin never imports a module (modules pass what plugins need as options, e.g. resolveMember).',
      severity: 'error',
      from: { path: '^apps/api/src/plugins/' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'api-plugins-app-only-to-plugins-or-lib',
      comment:
        'plugins/app builds on plugins/external and lib/ only (besides npm packages and @bec/contracts): not on db/, config.ts, app.ts or the CLI.',
      severity: 'error',
      from: { path: '^apps/api/src/plugins/app/' },
      to: { path: '^apps/api/', pathNot: '^apps/api/src/(plugins/(app|external)|lib)/' },
    },
    {
      name: 'api-plugins-external-not-to-app',
      comment:
        'plugins/external wraps third-party Fastify plugins and knows nothing of BEC: it never imports plugins/app.',
      severity: 'error',
      from: { path: '^apps/api/src/plugins/external/' },
      to: { path: '^apps/api/src/plugins/app/' },
    },
    {
      name: 'api-only-repositories-use-schema',
      comment:
        'Only *.repository.ts files (and the db/ folder itself) import db/schema.ts: services own the SQL through their repository, and Drizzle row types stay there.',
      severity: 'error',
      // The tools' entry hands the bench the table its cursor scenarios read.
      from: {
        path: '^apps/api/',
        pathNot: ['\\.repository\\.ts$', '^apps/api/src/db/', API_TOOLS_ENTRY],
      },
      to: { path: '^apps/api/src/db/schema\\.ts$' },
    },
    {
      name: 'api-routes-not-to-db',
      comment: 'Routes call services; they never touch db/ (not even for types).',
      severity: 'error',
      from: { path: '^apps/api/src/.+\\.routes\\.ts$' },
      to: { path: '^apps/api/src/db/' },
    },
    {
      name: 'api-module-not-to-other-module-internals',
      comment:
        "A module uses another module only through its service, never through that module's *.repository.ts or *.routes.ts.",
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: {
        path: '^apps/api/src/modules/[^/]+/.+\\.(repository|routes)\\.ts$',
        pathNot: '^apps/api/src/modules/$1/',
      },
    },

    /* ---------------------------------------------------------------- tests */
    {
      name: 'not-to-test',
      comment:
        'Nothing but tests imports test code (*.test.ts(x), apps/api/test/, packages/testkit): production code must not depend on it.',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: TEST_FILES },
      to: { path: '\\.test\\.tsx?$|^apps/[^/]+/test/|^packages/testkit/' },
    },
    {
      name: 'testkit-not-to-apps',
      comment:
        'packages/testkit holds tools that know no app and no tool (an OpenID issuer, S3, PostgreSQL, fixtures): what needs the API stays in apps/api/test.',
      severity: 'error',
      from: { path: '^packages/testkit/' },
      to: { path: '^(apps|bench|e2e)/|^playwright\\.config\\.ts$' },
    },

    /* ---------------------------------------------------------------- tools: bench/, e2e/, playwright.config.ts */
    {
      name: 'tools-reach-api-through-its-entry',
      comment:
        'The bench and the browser journeys reach the API only through "@bec/api/tools" (apps/api/src/tools-entry.ts) and its test tools only through @bec/testkit: add what they need to the entry, never a path into the API.',
      severity: 'error',
      from: { path: TOOLS },
      to: { path: '^apps/api/', pathNot: API_TOOLS_ENTRY },
    },
    {
      name: 'tools-entry-only-for-tools',
      comment:
        "The API's tools entry is for bench/ and e2e/: the API's own code and tests import the module itself.",
      severity: 'error',
      from: { pathNot: TOOLS },
      to: { path: API_TOOLS_ENTRY },
    },
    {
      name: 'tools-not-to-web',
      comment:
        "The tools see the web app as a browser does. One exception: the bench counts an export's rows with the web app's own counter (apps/web/src/lib/csv-rows.ts), a dependency-free file.",
      severity: 'error',
      from: { path: TOOLS },
      to: { path: '^apps/web/', pathNot: '^apps/web/src/lib/csv-rows\\.ts$' },
    },
    {
      name: 'bench-and-e2e-apart',
      comment:
        'The bench and the browser journeys share tools through @bec/testkit, never by importing each other.',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^e2e/' },
    },
    {
      name: 'e2e-not-to-bench',
      comment: 'The browser journeys never import the bench.',
      severity: 'error',
      from: { path: '^e2e/|^playwright\\.config\\.ts$' },
      to: { path: '^bench/' },
    },

    /* ---------------------------------------------------------------- hygiene */
    {
      name: 'no-circular',
      comment:
        'Circular imports make load order fragile and blur the layers above: break the cycle by moving the shared piece down a layer.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        "This import resolves to no file or package: a typo, a missing file, or a package that isn't installed.",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-non-package-json',
      comment:
        "This npm package is not declared in the importing workspace's package.json (nor the root one): it only works by accident of hoisting. Add it to the workspace that uses it.",
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-dev-dep',
      comment:
        'The API runs from its sources, so they must not import devDependencies (a production install leaves them out); its tests may. (The web app is bundled at build time, with its devDependencies installed.)',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: TEST_FILES },
      to: {
        dependencyTypes: ['npm-dev'],
        // In the API's own dependencies too: the root lists a few of them for the tools (bench/, e2e/).
        dependencyTypesNot: ['npm'],
        // @types/* packages are dev by nature and vanish at build time.
        pathNot: '^node_modules/@types/',
      },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    // Build output of the workspaces only: excluding a path also drops every dependency that
    // resolves into it, so neither node_modules nor a bare `dist/` (jose, vitest, pglite ship
    // their code in one) may be excluded.
    exclude: { path: '^(apps|packages)/[^/]+/dist/' },
    // Type-only imports count too: `import type { Row } from '../../db/schema.js'` is a dependency.
    tsPreCompilationDeps: true,
    // The generated one at the top of this file, for the web app's `@/` alias.
    tsConfig: { fileName: tsConfigFile },
    // Each workspace's package.json plus the root one (whose devDependencies serve tests and configs).
    combinedDependencies: true,
    enhancedResolveOptions: {
      // Packages (@bec/contracts among them) expose their entry points through "exports".
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
