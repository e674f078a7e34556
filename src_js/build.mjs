// Bundles the front end into ../bhabho_widget/table/static/ (npm run build; npm run dev
// rebuilds on every save, unminified with inline source maps):
//
// - one ES module per widget: widget.js (the tables and lessons), editor.js, classroom.js;
// - ONE stylesheet for all of them, bhabho.css: every module's CSS once, in the order the
//   entry points import it. Each module imports its own stylesheet (felt.ts felt.css, …), so
//   a bundle per entry point would repeat the shared ones (base.css, cards.css) in each;
//   here the JS bundles leave CSS out and the stylesheet is built from all entry points at
//   once. Every widget class names it as its `_css` under one anywidget id
//   (bhabho_widget/table/base.py), so a page holds it once, whatever widgets it shows.

import { writeFileSync } from "node:fs";
import * as esbuild from "esbuild";

const watch = process.argv.includes("--watch");
const OUT = "../bhabho_widget/table/static";
const ENTRIES = ["src/widget.ts", "src/editor.ts", "src/classroom.ts"];

const common = {
  bundle: true,
  format: "esm",
  target: "es2020",
  minify: !watch,
  sourcemap: watch ? "inline" : false,
  logLevel: "info",
};

/** The widgets' code; their CSS imports are left out (they are the stylesheet's). */
const code = { ...common, entryPoints: ENTRIES, outdir: OUT, loader: { ".css": "empty" } };

/** Writes only the stylesheet of a build of every entry point together (its JS is not kept). */
const stylesheetOnly = {
  name: "stylesheet-only",
  setup(build) {
    build.onEnd((result) => {
      for (const file of result.outputFiles ?? []) {
        if (file.path.endsWith(".css")) writeFileSync(file.path, file.contents);
      }
    });
  },
};

const styles = {
  ...common,
  logLevel: "warning",
  stdin: {
    contents: ENTRIES.map((e) => `import "./${e}";`).join("\n"),
    resolveDir: ".",
    sourcefile: "bhabho.ts",
    loader: "ts",
  },
  outfile: `${OUT}/bhabho.js`, // its CSS is bhabho.css; the JS is thrown away
  write: false,
  plugins: [stylesheetOnly],
};

if (watch) {
  for (const options of [code, styles]) await (await esbuild.context(options)).watch();
} else {
  await Promise.all([esbuild.build(code), esbuild.build(styles)]);
  console.log(`  ${OUT}/bhabho.css (every widget's stylesheet)`);
}
