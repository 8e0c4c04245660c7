import ts from 'typescript';

/**
 * `shala/typescript`: the TypeScript compiler's own errors in each file, reported by ESLint.
 *
 * The rules that need types (no floating promises) already make ESLint build each tsconfig's
 * program (typescript-eslint's project service); this rule asks that program for the file's
 * syntactic and semantic diagnostics, which is what `tsc --noEmit` reports, so CI type-checks
 * while it lints, with one program per tsconfig instead of two (`npm run typecheck` stays for
 * a quick check of the types alone). Only on the files of `TYPED` in eslint.config.js.
 */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Report TypeScript's errors in the file, from the program ESLint already built" },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const program = services?.program;
    if (!program) return {};
    return {
      Program() {
        const file = program.getSourceFile(context.filename);
        if (!file) {
          context.report({ loc: { line: 1, column: 0 }, message: 'TypeScript has no program with this file: add it to its tsconfig.' });
          return;
        }
        const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
        for (const d of diagnostics) {
          // Unused names: typescript-eslint's programs turn noUnusedLocals/Parameters on for its own
          // rules; `no-unused-vars` reports them, with the project's own allowances.
          if (d.category !== ts.DiagnosticCategory.Error || d.reportsUnnecessary) continue;
          const start = file.getLineAndCharacterOfPosition(d.start ?? 0);
          const end = file.getLineAndCharacterOfPosition((d.start ?? 0) + (d.length ?? 0));
          context.report({
            loc: { start: { line: start.line + 1, column: start.character }, end: { line: end.line + 1, column: end.character } },
            message: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
          });
        }
      },
    };
  },
};

export default { meta: { name: 'shala' }, rules: { typescript: rule } };
