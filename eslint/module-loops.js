import fs from 'node:fs';
import path from 'node:path';

/**
 * `shala/no-module-loop`: the modules of apps/server/src/modules import each other without a loop.
 *
 * import-x/no-cycle follows files and passes over type-only imports; this rule looks at the modules
 * as wholes (a module is a folder under `modules/`) and counts every import, of types too: when
 * module A imports module B and B reaches A again through the modules' imports, the import in A is
 * reported with the way back. The graph of the modules is read from the files themselves (their
 * `import … from` and `export … from` lines), once per change of the folder.
 */

const IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The module (its folder's name) a path lies in, or null outside `root`. */
function moduleOf(root, file) {
  const rel = path.relative(root, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length ? first : null;
}

function sourceFiles(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) sourceFiles(p, out);
    else if (/\.(ts|tsx|js|mjs)$/.test(e.name) && !/\.d\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

const graphs = new Map();

/** module → module → the first file of the first that imports the second; rebuilt when a file changes. */
function graphOf(root) {
  const files = sourceFiles(root);
  const stamp = files.map((f) => `${f}:${fs.statSync(f).mtimeMs}`).join('|');
  const cached = graphs.get(root);
  if (cached?.stamp === stamp) return cached.graph;
  const graph = new Map();
  for (const file of files) {
    const from = moduleOf(root, file);
    if (!from) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.')) continue;
      const to = moduleOf(root, path.resolve(path.dirname(file), spec));
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, path.relative(root, file));
    }
  }
  graphs.set(root, { stamp, graph });
  return graph;
}

/** A way from `start` to `goal` through the graph (the modules on it), or null. */
function wayBack(graph, start, goal) {
  const before = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const at = queue.shift();
    for (const next of graph.get(at)?.keys() ?? []) {
      if (before.has(next)) continue;
      before.set(next, at);
      if (next === goal) {
        const way = [goal];
        for (let m = at; m !== null; m = before.get(m)) way.unshift(m);
        return way;
      }
      queue.push(next);
    }
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'No loop between the modules (folders of apps/server/src/modules), type imports included' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0].root);
    const file = context.filename;
    const own = moduleOf(root, file);
    if (!own) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const other = moduleOf(root, path.resolve(path.dirname(file), spec));
      if (!other || other === own) return;
      const way = wayBack(graphOf(root), other, own);
      if (!way) return;
      context.report({
        node,
        message: `Module loop: ${own} imports ${other}, and ${other} leads back to ${own} (${[own, ...way].join(' → ')}). Move the shared piece down, or turn one import around.`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { meta: { name: 'shala-modules' }, rules: { 'no-module-loop': rule } };
