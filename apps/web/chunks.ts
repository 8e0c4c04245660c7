import fs from 'node:fs';
import path from 'node:path';
import { parseSync, type Plugin } from 'vite';

/**
 * How the build splits the app into chunks (vite.config.ts: rolldown's `codeSplitting` groups).
 *
 * Left to itself, rolldown makes a chunk of every set of modules that the same screens share:
 * about 250 files, many under 2 KB, and a parent's way from the sign-in page to the dashboard's
 * numbers fetched 110 of them (on a phone each request waits its turn among six connections and
 * pays the network's latency). Everyone goes the same way in: the sign-in page, then the
 * signed-in layout with the dashboard, then the dashboard's cards. So the modules each step needs
 * first go into one chunk for that step: what the sign-in page needs into `login`, what the layout
 * and the dashboard add into `app`, what the cards add into `cards`. A later screen finds most of
 * its code loaded already and fetches its own rest (split as rolldown does). The vendors every
 * step needs keep chunks of their own (`react`, `i18n`, and `zod` for the API client) for
 * long-term caching.
 *
 * What a step needs is its roots' static imports, all the way down, followed to the binding:
 * `import { Button } from '@mantine/core'` needs Button's module, not the whole of Mantine that
 * its index re-exports (a barrel: a module of imports and exports only). `checkChunks` fails the
 * build if a step's chunk imports a later step's or rolldown's own chunks (a module this missed).
 */

const SRC = path.resolve(import.meta.dirname, 'src');

/**
 * The workspace's packages the app imports by name (the contract), by their entries: their index
 * files are barrels too, followed binding by binding (the way in takes COUNT_KEYS from the
 * contract, not its API table).
 */
const CONTRACT = path.resolve(import.meta.dirname, '../../packages/contract');
const WORKSPACE: ReadonlyMap<string, string> = new Map(
  Object.entries(JSON.parse(fs.readFileSync(path.join(CONTRACT, 'package.json'), 'utf8')).exports as Record<string, string>).map(([sub, file]) => [
    path.posix.join('@shala/contract', sub),
    path.join(CONTRACT, file),
  ]),
);

/** Each step, with the modules it starts from. */
const STEPS: ReadonlyArray<{ name: string; roots: readonly string[] }> = [
  { name: 'login', roots: ['main.tsx', 'features/auth/LoginPage.tsx'] },
  // The toasts come with the first one, which the sign-in shows.
  { name: 'app', roots: ['app/layout/AppLayout.tsx', 'app/signedIn.tsx', 'features/dashboard/DashboardPage.tsx', 'components/ToastStack.tsx'] },
  {
    name: 'cards',
    roots: [
      // What fills the cards' queries from the page's one answer before they show.
      'api/dashboard-cards.ts',
      'features/dashboard/SchoolDayCards.tsx',
      'features/notices/NoticeBoardCard.tsx',
      'features/classwork/ClassWorkCard.tsx',
      'features/fees/student/FeeDueCard.tsx',
      'features/fees/reports/FeesDashboardCard.tsx',
      'features/dashboard/CoversCard.tsx',
    ],
  },
];

/**
 * The steps that must not load zod (the contract's schemas): the sign-in page, and the signed-in
 * layout with the dashboard, whose answers api/client.ts checks once the schemas are in
 * (contract-web.ts). A value of the contract they use lives in a module without schemas.
 */
const WITHOUT_ZOD = ['login', 'app'];

/** The vendors with chunks of their own, before any step (their modules are taken first). */
const VENDORS: ReadonlyArray<{ name: string; packages: string }> = [
  { name: 'react', packages: 'react|react-dom|scheduler|react-router' },
  { name: 'zod', packages: 'zod' },
  { name: 'i18n', packages: 'i18next|react-i18next' },
];

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null;
}

/** A module's bindings as its importers see them: exported name → [module request, imported name ('*': all)]. */
interface Barrel {
  names: Map<string, { request: string; name: string }>;
  stars: string[];
}

function parse(id: string, code: string) {
  const file = id.startsWith('\0') || !/\.[cm]?[jt]sx?$/.test(id) ? 'module.js' : id.replace(/\?.*$/, '');
  return parseSync(file, code);
}

/** The step that first needs each module (computed once per build). */
function stepsOf(graph: ModuleGraph): Map<string, string> {
  const barrels = new Map<string, Barrel | null>();

  /** The module's export table if it is a barrel of a package (imports and exports only), else null. */
  function barrelOf(id: string): Barrel | null {
    if (barrels.has(id)) return barrels.get(id)!;
    let barrel: Barrel | null = null;
    const code = id.includes('node_modules') || id.startsWith(CONTRACT + path.sep) ? graph.getModuleInfo(id)?.code : null;
    if (code) {
      const parsed = parse(id, code);
      const onlyModuleSyntax = parsed.program.body.every(
        (node) => node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || (node.type === 'ExportNamedDeclaration' && !node.declaration),
      );
      if (onlyModuleSyntax && parsed.errors.length === 0) {
        const locals = new Map<string, { request: string; name: string }>();
        for (const imp of parsed.module.staticImports) {
          for (const entry of imp.entries) {
            const name = entry.importName.kind === 'NamespaceObject' ? '*' : entry.importName.kind === 'Default' ? 'default' : entry.importName.name!;
            locals.set(entry.localName.value, { request: imp.moduleRequest.value, name });
          }
        }
        barrel = { names: new Map(), stars: [] };
        for (const exp of parsed.module.staticExports) {
          for (const entry of exp.entries) {
            const exported = entry.exportName.kind === 'Default' ? 'default' : entry.exportName.name;
            if (entry.moduleRequest) {
              if (entry.importName.kind === 'AllButDefault') barrel.stars.push(entry.moduleRequest.value);
              else if (exported) barrel.names.set(exported, { request: entry.moduleRequest.value, name: entry.importName.kind === 'All' ? '*' : entry.importName.name ?? 'default' });
            } else if (exported && entry.localName.name) {
              const local = locals.get(entry.localName.name);
              if (local) barrel.names.set(exported, local);
            }
          }
        }
      }
    }
    barrels.set(id, barrel);
    return barrel;
  }

  /** The id a module's request names, among the ids it imports (null when it cannot tell). */
  function resolve(from: string, request: string): string | null {
    const imported = graph.getModuleInfo(from)?.importedIds ?? [];
    const bare = (id: string) => id.replace(/\?.*$/, '');
    if (request.startsWith('.')) {
      const target = path.resolve(path.dirname(from), request);
      return imported.find((id) => bare(id) === target || bare(id).replace(/\.[cm]?[jt]sx?$/, '') === target.replace(/\.[cm]?[jt]sx?$/, '')) ?? null;
    }
    const workspace = WORKSPACE.get(request);
    if (workspace) return imported.find((id) => bare(id) === workspace) ?? null;
    // A package's styles (`@mantine/core/styles/Button.layer.css`) are no module of its bindings.
    const matches = imported.filter((id) => bare(id).includes(`${path.sep}node_modules${path.sep}${request}${path.sep}`) && !bare(id).endsWith('.css'));
    return matches.length === 1 ? matches[0]! : null;
  }

  /**
   * Whether a module (not a barrel) may export `name`: what a barrel's `export *` gives is only
   * what each of its modules exports (the contract's index: COUNT_KEYS is dashboard.ts's alone).
   */
  function exports(id: string, name: string): boolean {
    const code = graph.getModuleInfo(id)?.code;
    if (!code) return true;
    const { module, errors } = parse(id, code);
    if (errors.length > 0) return true;
    return module.staticExports.some((exp) =>
      exp.entries.some((e) => (e.moduleRequest && e.importName.kind === 'AllButDefault') || (e.exportName.kind === 'Default' ? 'default' : e.exportName.name) === name),
    );
  }

  /** The modules that hold what `name` of barrel `id` is (through barrels that re-export it). */
  function holders(id: string, name: string, seen = new Set<string>()): string[] | null {
    const barrel = barrelOf(id);
    if (!barrel || name === '*' || seen.has(`${id}#${name}`)) return null;
    seen.add(`${id}#${name}`);
    const own = barrel.names.get(name);
    const candidates = own ? [own] : barrel.stars.map((request) => ({ request, name }));
    const found: string[] = [];
    for (const { request, name: inner } of candidates) {
      const target = resolve(id, request);
      if (!target) return null;
      if (barrelOf(target)) {
        const deeper = holders(target, inner, seen);
        if (deeper) found.push(...deeper);
        else if (own) return null;
      } else if (own || exports(target, inner)) found.push(target);
    }
    // A name no barrel exports is a type (erased): nothing to follow.
    return found;
  }

  const step = new Map<string, string>();
  for (const { name, roots } of STEPS) {
    const todo = roots.map((root) => path.join(SRC, root));
    for (const root of todo) if (!graph.getModuleInfo(root)) throw new Error(`chunks.ts: ${root} is not in the build`);
    const whole = (id: string) => {
      if (!step.has(id)) todo.push(id);
    };
    while (todo.length > 0) {
      const id = todo.pop()!;
      if (step.has(id)) continue;
      step.set(id, name);
      const info = graph.getModuleInfo(id);
      if (!info) continue;
      const viaBarrel = info.importedIds.filter((dep) => barrelOf(dep) !== null);
      for (const dep of info.importedIds) if (!viaBarrel.includes(dep)) whole(dep);
      if (viaBarrel.length === 0) continue;
      // What this module takes from each barrel, binding by binding; anything unclear: all of it.
      const parsed = info.code ? parse(id, info.code).module : null;
      const requests = [
        ...(parsed?.staticImports ?? []).map((imp) => ({ request: imp.moduleRequest.value, entries: imp.entries.filter((e) => !e.isType).map((e) => (e.importName.kind === 'NamespaceObject' ? '*' : e.importName.kind === 'Default' ? 'default' : e.importName.name!)) })),
        ...(parsed?.staticExports ?? []).flatMap((exp) => exp.entries.filter((e) => e.moduleRequest && !e.isType).map((e) => ({ request: e.moduleRequest!.value, entries: [e.importName.kind === 'Name' ? e.importName.name! : '*'] }))),
      ];
      for (const barrel of viaBarrel) {
        const uses = requests.filter((r) => resolve(id, r.request) === barrel);
        const modules = uses.length === 0 ? null : uses.flatMap((u) => u.entries).map((n) => holders(barrel, n));
        if (!modules || modules.some((m) => m === null)) {
          step.set(barrel, step.get(barrel) ?? name);
          for (const dep of graph.getModuleInfo(barrel)?.importedIds ?? []) whole(dep);
        } else {
          step.set(barrel, step.get(barrel) ?? name);
          for (const m of modules.flat() as string[]) whole(m);
        }
      }
    }
  }
  return step;
}

let cached: { graph: ModuleGraph; step: Map<string, string> } | undefined;

/** The group of a step: the modules it needs first, and nothing more (an earlier step's are its own). */
function stepGroup(name: string, priority: number) {
  return {
    name: (id: string, graph: ModuleGraph) => {
      if (cached?.graph !== graph) cached = { graph, step: stepsOf(graph) };
      return cached.step.get(id) === name ? name : null;
    },
    priority,
    // What a step needs is already in its group or an earlier one; following a module's imports
    // would take in the whole of every barrel it names.
    includeDependenciesRecursively: false,
  };
}

/** The groups of `build.rolldownOptions.output.codeSplitting`. */
export const CHUNK_GROUPS = [
  ...VENDORS.map(({ name, packages }) => ({ name, test: new RegExp(`node_modules[\\\\/](${packages})[\\\\/]`), priority: STEPS.length + 1 })),
  ...STEPS.map(({ name }, i) => stepGroup(name, STEPS.length - i)),
];

/** The chunks the service worker precaches (its shell: every step's and vendor's), as a glob of their file names. */
export const SHELL_CHUNKS = `assets/{index,rolldown-runtime,${[...VENDORS, ...STEPS].map((s) => s.name).join(',')}}-*.js`;

/** Fails the build when a step's chunk imports a chunk that is neither a vendor's nor an earlier step's. */
export function checkChunks(): Plugin {
  return {
    name: 'shala-check-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const nameOf = (file: string) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');
      const vendors = new Set(VENDORS.map((v) => v.name));
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const at = STEPS.findIndex((s) => s.name === nameOf(chunk.fileName));
        if (at < 0) continue;
        const allowed = new Set([...vendors, ...STEPS.slice(0, at).map((s) => s.name), 'rolldown-runtime', 'preload-helper']);
        // The way in builds no zod schemas: its values of the contract come from schema-free modules.
        if (WITHOUT_ZOD.includes(STEPS[at]!.name)) allowed.delete('zod');
        const wrong = chunk.imports.filter((file) => !allowed.has(nameOf(file)));
        if (wrong.some((file) => nameOf(file) === 'zod')) this.error(`chunks.ts: the ${STEPS[at]!.name} chunk imports zod: a value it takes from the contract is in a module with schemas (move it to one without: contract-web.ts)`);
        if (wrong.length > 0) this.error(`chunks.ts: the ${STEPS[at]!.name} chunk imports ${wrong.join(', ')}: a module it needs is missing from the steps' groups`);
      }
    },
  };
}
