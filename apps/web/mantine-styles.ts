import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';

const COMPONENTS_ID = 'virtual:mantine-components';

/**
 * Each Mantine component's styles come with the component: every class map of @mantine/core
 * (`components/Button/Button.module.mjs`, the classes its component uses) imports the component's
 * own file of styles (`@mantine/core/styles/Button.layer.css`), so the styles land in the chunk
 * that holds the component and load with it. The sign-in page's first paint then waits for the
 * styles of its few components (about 70 KB, where the whole of Mantine's is 290 KB), the signed-in
 * layout's for its own, a screen's for what it adds. The global styles (baseline, the default
 * CSS variables) are imported by main.tsx. A component's styles come after those of the
 * components it is built from (their modules run first), as in Mantine's one file.
 *
 * All of them are in the `mantine` layer (the `.layer.css` files, as the dates', charts' and
 * notifications' styles the app imports): the app's own styles win over them whatever the order
 * the chunks' styles arrive in.
 */
export function mantineStyles(): Plugin {
  let serve = false;
  return {
    name: 'shala-mantine-styles',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    // The dev server bundles Mantine ahead (its dependency optimizer runs no transform): there,
    // `virtual:mantine-components.css` brings all of Mantine's styles; the build's is empty.
    resolveId: (id) => (id === COMPONENTS_ID ? `\0${COMPONENTS_ID}.css` : null),
    load: (id) => (id === `\0${COMPONENTS_ID}.css` ? (serve ? "@import '@mantine/core/styles.layer.css';" : '') : null),
    transform(code, id) {
      const name = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/.exec(id)?.[1];
      if (!name) return null;
      return { code: `import '@mantine/core/styles/${name}.layer.css';\n${code}`, map: null };
    },
  };
}

const VARIABLES_ID = 'virtual:mantine-variables.css';

/**
 * The theme's CSS variables (`virtual:mantine-variables.css`), written by the build: what
 * MantineProvider would compute from the theme and put in a <style> as the app starts (its colours,
 * fonts, the dimmed text of theme.ts), a tenth of a second of a phone's CPU before the sign-in form
 * shows. The build renders the provider once with the app's theme and keeps its style; the app's
 * provider then leaves them out (`withCssVariables={false}`, app/App.tsx).
 */
export function mantineVariables(): Plugin {
  let root = process.cwd();
  return {
    name: 'shala-mantine-variables',
    configResolved(config) {
      root = config.root;
    },
    resolveId: (id) => (id === VARIABLES_ID ? `\0${VARIABLES_ID}` : null),
    async load(id) {
      if (id !== `\0${VARIABLES_ID}`) return null;
      const file = path.join(root, 'src/app/theme.ts');
      this.addWatchFile(file);
      const { module: app } = await runnerImport<typeof import('./src/app/theme.js')>(file, { configFile: false, logLevel: 'error', root });
      const [{ MantineProvider }, { createElement }, { renderToStaticMarkup }] = await Promise.all([import('@mantine/core'), import('react'), import('react-dom/server')]);
      const html = renderToStaticMarkup(createElement(MantineProvider, { theme: app.theme, cssVariablesResolver: app.cssVariablesResolver, defaultColorScheme: 'light', withStaticClasses: false }));
      const css = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
      if (!css) this.error('mantine-styles.ts: MantineProvider rendered no CSS variables');
      return css;
    },
  };
}
