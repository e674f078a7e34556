import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    include: ["test/**/*.test.ts"],
    css: false,
    // a guard, not a measure: a test that draws the table in many states takes seconds on a busy
    // two-core machine (5 s, vitest's default, was seen to fail there)
    testTimeout: 60_000,
  },
});
