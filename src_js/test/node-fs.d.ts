// The bits of Node the tests use to read the stylesheet and the sources (the project has no @types/node).
declare module "node:fs" {
  export function readFileSync(path: string, encoding: "utf8"): string;
  export function readdirSync(path: string): string[];
}
interface ImportMeta {
  /** The test file's folder (Node 20.11+, which vitest runs on). */
  readonly dirname: string;
}
