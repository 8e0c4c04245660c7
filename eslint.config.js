import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import shala from './eslint/typescript-diagnostics.js';
import shalaModules from './eslint/module-loops.js';

/**
 * TypeScript that a tsconfig covers (every file its `include` names): linted with type information
 * (each file by its own tsconfig), and type-checked by `shala/typescript`.
 */
const TYPED = [
  'packages/contract/{src,test}/**/*.ts',
  'apps/server/{src,test,bench}/**/*.ts',
  'apps/server/{drizzle,vitest}.config.ts',
  'apps/web/src/**/*.{ts,tsx}',
  'apps/web/{vite.config,vitest.config,i18n-core,chunks,precompress}.ts',
];

/** Server-side and shared code where a role is named, never written as its number (ROLE in the contract). */
const ROLE_NAMED = ['packages/contract/src/**/*.ts', 'apps/server/src/**/*.ts', 'apps/server/bench/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'];
const ROLE_NUMBER = '/^11[1-6]$/';

/** The web's import bans: never the server, and what a layer may not import (eslint's `patterns`). */
function webImports(...patterns) {
  return [
    'error',
    {
      patterns: [
        { regex: '(^|/)apps/server(/|$)|^@shala/server|(^|/)server/src/', message: 'The web never imports the server: share shapes through @shala/contract.' },
        ...patterns,
      ],
    },
  ];
}

/** A role written as its number, where code compares or lists roles. */
const ROLE_NUMBER_RULES = [
  { selector: `BinaryExpression > Literal[raw=${ROLE_NUMBER}]`, message: 'Name the role: ROLE.<NAME> from @shala/contract.' },
  { selector: `SwitchCase > Literal.test[raw=${ROLE_NUMBER}]`, message: 'Name the role: ROLE.<NAME> from @shala/contract.' },
  { selector: `ArrayExpression > Literal[raw=${ROLE_NUMBER}]`, message: 'Name the roles: ROLE.<NAME> from @shala/contract.' },
  { selector: `Property[key.name=/^(role|roleId|roles)$/] > Literal[raw=${ROLE_NUMBER}]`, message: 'Name the role: ROLE.<NAME> from @shala/contract.' },
  { selector: `Property > Literal.key[raw=${ROLE_NUMBER}]`, message: 'Key by the role name: [ROLE.<NAME>].' },
  { selector: `CallExpression[callee.name='eq'] > Literal[raw=${ROLE_NUMBER}]`, message: 'Name the role: ROLE.<NAME> from @shala/contract.' },
];

/** A role tested outside a policy: who may see or change what is decided in apps/server/src/policy/. */
const ROLE_FIELD = "/^(roleId|role_id)$/";
const IN_A_POLICY = 'Decide access in a policy (apps/server/src/policy/<resource>.ts) and call it; a service never compares roles (CODE_STYLE.md, "Role checks").';
const ROLE_DECISION_RULES = [
  {
    selector: `BinaryExpression[operator=/^[!=]==?$/]:matches(${['left', 'right'].flatMap((side) => [`[${side}.property.name=${ROLE_FIELD}]`, `[${side}.name=${ROLE_FIELD}]`, `[${side}.object.name='ROLE']`]).join(', ')})`,
    message: IN_A_POLICY,
  },
  { selector: `CallExpression[callee.property.name=/^(includes|has)$/] > MemberExpression.arguments[property.name=${ROLE_FIELD}]`, message: IN_A_POLICY },
  { selector: `CallExpression[callee.property.name=/^(includes|has)$/] > Identifier.arguments[name=${ROLE_FIELD}]`, message: IN_A_POLICY },
  { selector: `SwitchStatement > MemberExpression.discriminant[property.name=${ROLE_FIELD}]`, message: IN_A_POLICY },
  { selector: `SwitchStatement > Identifier.discriminant[name=${ROLE_FIELD}]`, message: IN_A_POLICY },
  { selector: `CallExpression[callee.name='kindOfRole'] > MemberExpression.arguments[object.name='caller']`, message: IN_A_POLICY },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['scripts/**', '**/bench/**', '**/seed/cli.ts', 'apps/server/src/main.ts'],
    rules: { 'no-console': 'off' },
  },

  // Promises: none left floating, none passed where a callback's result is ignored. These rules
  // need the types, so they run on the files a tsconfig covers (the Playwright journeys of
  // apps/web/e2e, scripts/*.mjs and the root configs are in none, and are linted without them).
  {
    files: TYPED,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { shala },
    rules: {
      // The compiler's errors too: lint is the type check (eslint/typescript-diagnostics.js).
      'shala/typescript': 'error',
      // React Router's navigate() answers a promise only under a data router, which Shala does not
      // use; a navigation is fire-and-forget.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },

  // Layers: no import cycle at run time (type-only imports are not followed), and each layer
  // imports only what it may (apps/server/src/modules/README.md, "Layers").
  {
    files: ['packages/contract/src/**/*.ts', 'apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': webImports() },
  },
  // The web's layers (apps/web/src): api/ (the server's client and the browser state it keeps:
  // cookies, storage, clock) is below lib/ (hooks and helpers, which may use the client), which is
  // below components/ and features/; app/ is the top. A layer never imports one above it.
  {
    files: ['apps/web/src/api/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': webImports({ regex: '^\\.\\./(lib|components|features|app)(/|$)', message: 'api/ is the bottom of the web: it never imports lib/, components/, features/ or app/.' }) },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': webImports({ regex: '^\\.\\./(components|features|app)(/|$)', message: 'lib/ sits on api/ only: it never imports components/, features/ or app/.' }) },
  },
  // A feature reaches another feature only through its face, `features/<name>/index.ts` (import the
  // folder); its screens, parts and hooks are its own.
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': webImports({ regex: '^\\.\\./(?!\\.)[^/]+/', message: "Import another feature through its index.ts (import '../<feature>'), never its files." }) },
  },
  {
    files: ['apps/web/src/features/*/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': webImports({ regex: '^\\.\\./\\.\\./(?!\\.)[^/]+/', message: "Import another feature through its index.ts (import '../../<feature>'), never its files." }) },
  },
  {
    files: ['apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(modules|seed|policy|http|auth|jobs|realtime|push|mail|storage|backup)(/|$)',
              message: 'db/ is the bottom layer: it imports no module, seed, policy or service (they import it).',
            },
          ],
        },
      ],
    },
  },
  {
    // Outside services (SMS, WhatsApp, mail, Web Push, the payment gateway, the file storage) are
    // clients under adapters/, each behind an interface of Deps (context.ts): they know no module,
    // no policy, no session and no job; the modules call them, never the other way round.
    files: ['apps/server/src/adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(modules|policy|auth|jobs|queue|seed|http/(?!webhook)|realtime|backup|app|main|context)(/|\\.js$|$)',
              message: 'adapters/ are clients of outside services: they import no module, policy, auth, job, seed or route (those import them).',
            },
          ],
        },
      ],
    },
  },
  {
    // A module reaches another module only through its face: `service.ts`, or the `index.ts` of a
    // module made of part files. Its routes, part files and renderers are its own.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.)[^/]+/(?!(service|index)\\.js$)',
              message: "Import another module through its service.ts (or its index.ts when it is made of part files), never its internals.",
            },
          ],
        },
      ],
    },
  },

  {
    // No loop between modules, type imports included: academics → people → certificates → fees →
    // academics would fail here (eslint/module-loops.js).
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { 'shala-modules': shalaModules },
    rules: { 'shala-modules/no-module-loop': ['error', { root: 'apps/server/src/modules' }] },
  },

  // Roles by name (ROLE.TEACHER), never by number, where code compares or lists them. Tests keep
  // numbers where the number is what is tested; the seeds' data is written as data.
  {
    files: ROLE_NAMED,
    ignores: ['packages/contract/src/roles.ts', 'apps/server/src/seed/**', '**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_NUMBER_RULES] },
  },

  // Access is decided in policies (apps/server/src/policy/, one per resource): a service asks
  // `feesPolicy.receiptWhere(caller, …)`, `dashboardPolicy.kindFor(caller)`, … and never compares
  // roles itself. Outside policy/ the server's code may not test a role: `x.roleId === …` (or
  // `!==`), `ROLE.X === …` on either side, `.includes(x.roleId)` / `.has(x.roleId)`, a switch on a
  // role, or `kindOfRole(caller.roleId)`. What a record is (is this user a teacher?) is asked with
  // the contract's `kindOfRole(user.roleId)`, and the route-level check (`allows`, `assertAllowed`
  // in policy/index.ts) is a policy's. The contract (packages/contract) and policy/ are outside the
  // rule; the seeds, the bench and the tests are too (they make and act as each role). ESLint
  // keeps one `no-restricted-syntax` per file, so this entry repeats the role-number rules.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/policy/**', 'apps/server/src/seed/**'],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_NUMBER_RULES, ...ROLE_DECISION_RULES] },
  },
);
