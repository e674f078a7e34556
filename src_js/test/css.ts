// The table's stylesheets as a browser gets them: vitest's css: false empties CSS imports, so
// the files widget.ts imports are read in its order (the cascade's) and joined.
import { readFileSync } from "node:fs";

const SRC = `${import.meta.dirname}/../src`;

/** The files widget.ts imports, in its order ("base.css", "cards.css", …). */
export const TABLE_STYLESHEETS: readonly string[] = Array.from(
  readFileSync(`${SRC}/widget.ts`, "utf8").matchAll(/^import "\.\/([\w-]+\.css)";$/gm),
  (m) => m[1],
);

/** One stylesheet's text. */
export function stylesheet(name: string): string {
  return readFileSync(`${SRC}/${name}`, "utf8");
}

/** The table's whole CSS, in the cascade's order. */
export const TABLE_CSS: string = TABLE_STYLESHEETS.map(stylesheet).join("\n");
